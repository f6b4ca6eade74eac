import { z } from 'zod';
import { bodyDateTime, bodyGuid, byteEnum, text } from '../records.js';

// Request body of POST and PUT /classes. The spec shows ClassId, SiteId and Name; the other
// fields are the stored class fields. Everything is optional in the schema so that the handlers
// report the rules themselves (Name required on create, the empty site of a PUT without SiteId).

const count = (max: number) =>
  z
    .number()
    .int({ error: 'The field must be a whole number.' })
    .min(1, { error: 'The field must be at least 1.' })
    .max(max, { error: `The field must be at most ${max}.` });

export const ClassInput = z
  .object({
    ClassId: bodyGuid
      .nullable()
      .optional()
      .describe('Empty on create; ignored on update (the query classId selects the record).'),
    SiteId: bodyGuid
      .nullable()
      .optional()
      .describe(
        'POST: ignored (the query siteId is used). PUT: the site saved against; left out or null saves the EMPTY Guid.',
      ),
    Name: text(100).nullable().optional().describe('Required on create.'),
    Description: text(2000).nullable().optional(),
    ClassType: byteEnum('ClassType', [1, 2]).optional().describe('Class = 1 (default), Event = 2.'),
    Capacity: count(1000).optional().describe('Places per session; default 10.'),
    DurationMinutes: count(1440).optional().describe('Default 60.'),
    State: byteEnum('State', [1, 2]).optional().describe('Active = 1 (default), Inactive = 2.'),
    StartDate: bodyDateTime.nullable().optional().describe('Default: now.'),
    EndDate: bodyDateTime.nullable().optional().describe('null = runs on.'),
  })
  .meta({ id: 'Class' });

export type ClassIn = z.infer<typeof ClassInput>;
