import { MINUTE, utcMs, utcText } from '../datetime.js';
import type { Service } from './catalogue.js';
import type { DateTimeText, Guid, ItemState } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Appointment, Lookups } from './diary.js';
import type { Rng } from './seeded-faker.js';

export type AnswerType = 'Text' | 'YesNo' | 'Choice';

export interface CustomFormQuestion {
  Question: string;
  AnswerType: AnswerType;
  /** Choices for AnswerType Choice; empty otherwise. */
  Options: string[];
}

export interface CustomForm {
  CustomFormId: Guid;
  Name: string;
  State: ItemState;
  Questions: CustomFormQuestion[];
}

export interface ClientCustomFormAnswer {
  Question: string;
  Answer: string;
}

/** A form a client filled in, captured at the desk before a treatment. */
export interface ClientCustomForm {
  ClientCustomFormId: Guid;
  CustomFormId: Guid;
  ClientId: Guid;
  SiteId: Guid;
  CaptureDate: DateTimeText;
  Answers: ClientCustomFormAnswer[];
}

const q = (Question: string, AnswerType: AnswerType = 'YesNo', Options: string[] = []): CustomFormQuestion => ({
  Question,
  AnswerType,
  Options,
});

const FORMS: [string, string[], CustomFormQuestion[]][] = [
  [
    'Massage Consultation',
    ['Massage'],
    [
      q('Do you have any injuries or areas to avoid?', 'Text'),
      q('Are you pregnant?'),
      q('Preferred pressure', 'Choice', ['Light', 'Medium', 'Firm']),
      q('Do you have any allergies to oils or nuts?'),
    ],
  ],
  [
    'Skin Consultation',
    ['Facials', 'Aesthetics'],
    [
      q('Skin type', 'Choice', ['Dry', 'Oily', 'Combination', 'Sensitive', 'Normal']),
      q('Are you using retinoids or acids?'),
      q('Main skin concerns', 'Text'),
      q('Have you had a reaction to skincare products?'),
    ],
  ],
  [
    'Medical History Questionnaire',
    ['Aesthetics'],
    [
      q('Are you taking any medication?', 'Text'),
      q('Do you have a history of cold sores?'),
      q('Are you pregnant or breastfeeding?'),
      q('Have you had injectable treatments in the last 6 months?'),
    ],
  ],
  [
    'Patch Test Record',
    ['Beauty', 'Hair'],
    [q('Product tested', 'Text'), q('Reaction observed?'), q('Tested by', 'Text')],
  ],
  [
    'Treatment Consent',
    ['Nails'],
    [q('I confirm the information given is accurate'), q('I consent to photographs for my records')],
  ],
];

/** Plausible answers to the free-text questions. */
const TEXT_ANSWERS: Record<string, string[]> = {
  'Do you have any injuries or areas to avoid?': ['None', 'Lower back, old sports injury', 'Avoid left shoulder'],
  'Main skin concerns': ['Dryness and redness', 'Fine lines', 'Breakouts on the chin', 'Pigmentation'],
  'Are you taking any medication?': ['None', 'Vitamin D only', 'Antihistamines', 'Contraceptive pill'],
  'Product tested': ['Tint - dark brown', 'Permanent colour 6.0', 'Lash adhesive'],
  'Tested by': ['Senior therapist', 'Front of house', 'Salon manager'],
};

export function generateCustomForms(ctx: GenContext): CustomForm[] {
  const rng = rngFor(ctx, 'forms');
  return FORMS.map(([Name, , Questions], i) => ({
    CustomFormId: rng.uuid(),
    Name,
    State: i === FORMS.length - 1 && ctx.size !== 'small' ? 2 : 1,
    Questions: Questions.map((x) => ({ ...x, Options: [...x.Options] })),
  }));
}

/** Forms filled in before some past treatments that call for one. */
export function generateClientCustomForms(
  ctx: GenContext,
  forms: CustomForm[],
  appointments: Appointment[],
  services: Service[],
  lookups: Lookups,
): ClientCustomForm[] {
  const rng = rngFor(ctx, 'client-forms');
  const category = new Map(services.map((s) => [s.ServiceId, s.Category]));
  const cancelled = lookups.appointmentStates.find((s) => s.Name === 'Cancelled')?.AppointmentStateId;
  const byCategory = new Map<string, CustomForm>();
  FORMS.forEach(([, categories], i) => {
    const form = forms[i];
    if (form && form.State === 1) for (const c of categories) if (!byCategory.has(c)) byCategory.set(c, form);
  });
  const captured: ClientCustomForm[] = [];
  for (const appt of appointments) {
    const start = utcMs(appt.Start);
    if (start >= ctx.today || appt.AppointmentStateId === cancelled || !rng.chance(0.3)) continue;
    const form = byCategory.get(category.get(appt.AppointmentServices[0]?.ServiceId ?? '') ?? '');
    if (!form) continue;
    captured.push({
      ClientCustomFormId: rng.uuid(),
      CustomFormId: form.CustomFormId,
      ClientId: appt.ClientId,
      SiteId: appt.SiteId,
      CaptureDate: utcText(start - rng.int(1, 3) * 5 * MINUTE),
      Answers: form.Questions.map((question) => ({ Question: question.Question, Answer: answer(rng, question) })),
    });
  }
  return captured;
}

function answer(rng: Rng, question: CustomFormQuestion): string {
  if (question.AnswerType === 'YesNo') return rng.chance(0.2) ? 'Yes' : 'No';
  if (question.AnswerType === 'Choice') return rng.pick(question.Options);
  return rng.pick(TEXT_ANSWERS[question.Question] ?? ['None']);
}
