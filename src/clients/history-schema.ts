import { z } from 'zod';
import { serviceSummaryFields } from '../appointments/schemas.js';

// The spec names AppointmentHistory without its fields beyond "the invoice each appointment was billed on".

const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

export const AppointmentHistoryServiceSchema = z
  .object({ ...serviceSummaryFields, ServiceId: z.guid() })
  .meta({ id: 'AppointmentHistoryService' });

export const AppointmentHistorySchema = z
  .object({
    AppointmentId: z.guid(),
    AppointmentNumber: z.string(),
    SiteId: z.guid(),
    ClientId: z.guid(),
    AppointmentStateId: z.guid(),
    AppointmentStateName: z.string(),
    Start: dateTime.describe('Start of the earliest service.'),
    End: dateTime.describe('End of the latest service.'),
    InvoiceId: z.guid().nullable().describe('Client invoice the appointment was billed on; null when not billed.'),
    InvoiceNumber: z.string().nullable().describe('DocumentNumber of that invoice; null when not billed.'),
    Services: z.array(AppointmentHistoryServiceSchema),
  })
  .meta({ id: 'AppointmentHistory' });

export type AppointmentHistoryRow = z.infer<typeof AppointmentHistorySchema>;
