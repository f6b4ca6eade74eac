import { z } from 'zod';
import { answerObject, assumed } from '../field-sources.js';

// The spec names ClientCustomForm ("carries its answers") without its fields.

export const ClientCustomFormAnswerSchema = answerObject(
  'ClientCustomFormAnswer',
  {
    Question: z.string().describe('The question as it was worded when the form was filled in.'),
    Answer: z.string().describe('Free text, `Yes`/`No`, or the option chosen.'),
  },
  {
    Question: assumed('An answer means nothing without its question.'),
    Answer: assumed("The client's answer to the question."),
  },
);

export const ClientCustomFormSchema = answerObject(
  'ClientCustomForm',
  {
    ClientCustomFormId: z.guid().describe('This filled-in form.'),
    CustomFormId: z.guid().describe('The form template it was filled in from.'),
    FormName: z.string().describe('Name of the form template.'),
    ClientId: z.guid(),
    ClientFirstName: z.string().describe("The client's first name; empty when the client no longer exists."),
    ClientLastName: z.string().describe("The client's last name; empty when the client no longer exists."),
    SiteId: z.guid().describe('Site where the form was captured.'),
    CaptureDate: z.string().describe('When the form was filled in, UTC `yyyy-MM-dd HH:mm`.'),
    Answers: z.array(ClientCustomFormAnswerSchema).describe("The client's answers, in the form's question order."),
  },
  {
    ClientCustomFormId: assumed('Names the filled-in form.'),
    CustomFormId: assumed('Says which form template was filled in, to tell forms of one kind apart.'),
    FormName: assumed("Shows the form template's name without a call for it."),
    ClientId: assumed('Says whose form it is.'),
    ClientFirstName: assumed("A front desk lists forms with the client's name without a call per client."),
    ClientLastName: assumed("A front desk lists forms with the client's name without a call per client."),
    SiteId: assumed('Says at which site the form was filled in.'),
    CaptureDate: assumed("The spec's range matches the capture date; a caller sees what it filtered on."),
    Answers: 'spec',
  },
);

export type ClientCustomFormRow = z.infer<typeof ClientCustomFormSchema>;
