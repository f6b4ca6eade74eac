import { z } from 'zod';
import { answerObject } from '../field-sources.js';
import { type Reply, reply } from './reply.js';

// Create and update endpoints answer `{ Message, Value }`: Message names the id field
// (`AppointmentId`, `ClientId`…), Value is the id. One schema and one helper for every area.

export const WriteResultSchema = answerObject(
  'WriteResult',
  {
    Message: z.string().describe('Name of the id field, e.g. `AppointmentId`.'),
    Value: z.guid().describe('The id of the record written.'),
  },
  { Message: 'spec', Value: 'spec' },
);

export type WriteResult = z.infer<typeof WriteResultSchema>;

export function writeResult(message: string, id: string): Reply {
  const body: WriteResult = { Message: message, Value: id };
  return reply.json(body);
}

/** The documented answer of a write: `Value` is `value` (e.g. "the new id"). */
export const writeResultAnswer = (message: string, value: string) => ({
  description: `Write result: Message \`${message}\`, Value ${value}.`,
  schema: WriteResultSchema,
});
