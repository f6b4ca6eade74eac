import { z } from 'zod';

// The spec names ClientCustomForm ("carries its answers") without its fields.

export const ClientCustomFormAnswerSchema = z
  .object({
    Question: z.string().describe('The question as it was worded when the form was filled in.'),
    Answer: z.string().describe('Free text, `Yes`/`No`, or the option chosen.'),
  })
  .meta({ id: 'ClientCustomFormAnswer' });

export const ClientCustomFormSchema = z
  .object({
    ClientCustomFormId: z.guid().describe('This filled-in form.'),
    CustomFormId: z.guid().describe('The form template it was filled in from.'),
    FormName: z.string().describe('Name of the form template.'),
    ClientId: z.guid(),
    ClientFirstName: z.string().describe("The client's first name; empty when the client no longer exists."),
    ClientLastName: z.string().describe("The client's last name; empty when the client no longer exists."),
    SiteId: z.guid().describe('Site where the form was captured.'),
    CaptureDate: z.string().describe('When the form was filled in, UTC `yyyy-MM-dd HH:mm`.'),
    Answers: z.array(ClientCustomFormAnswerSchema).describe("The client's answers, in the form's question order."),
  })
  .meta({ id: 'ClientCustomForm' });

export type ClientCustomFormRow = z.infer<typeof ClientCustomFormSchema>;
