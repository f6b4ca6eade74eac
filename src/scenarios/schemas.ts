import { z } from 'zod';
import { COLLECTIONS } from '../accounts/worlds.js';
import { FaultRuleInput } from '../faults/schemas.js';
import { WORLD_SIZES } from '../world/sizes.js';
import { RelaxedRuleIds } from './rule-ids.js';

// A scenario file: an account state described on top of the seeded world. Strict at every level,
// so a misspelt key is an error naming it rather than a setting that silently does nothing.

const isoInstant = z
  .string()
  .refine((t) => /^\d{4}-\d{2}-\d{2}T/.test(t) && !Number.isNaN(Date.parse(t)), {
    message: 'expected an ISO 8601 date-time, e.g. 2026-03-16T09:00:00Z',
  })
  .describe('ISO 8601 instant, e.g. 2026-03-16T09:00:00Z.');

const Account = z
  .strictObject({
    seed: z.number().int().nonnegative().optional().describe("World seed (default: the account's current seed)."),
    size: z.enum(WORLD_SIZES).optional().describe("World size (default: the account's current size)."),
    now: isoInstant
      .optional()
      .describe("The virtual clock; the world is generated for this day. Default: the account's clock."),
    rateLimit: z
      .boolean()
      .optional()
      .describe("Enforce the request rate limit (default: the account's current setting)."),
    fiscalised: z
      .boolean()
      .optional()
      .describe('The account is fiscalised: accounting document list rows carry a FiscalStatus (default false).'),
    relaxedRules: RelaxedRuleIds.optional().describe(
      'Rules the account switches off (assumed or convention ones, not fixed), replacing its list; e.g. ' +
        "`[body.text-length]`. docs/rules.md lists every rule. Default: the account's current list.",
    ),
  })
  .describe('Account settings.');

const Password = z
  .strictObject({
    plain: z.string().min(1).describe("The client's password; only its hash is stored."),
    hash: z
      .enum(['pbkdf2', 'legacy'])
      .default('pbkdf2')
      .describe('Stored form: pbkdf2 (current) or legacy (salted SHA-1).'),
  })
  .describe('Scenario-only key of a client entry: sets the stored password hash in the chosen format.');

/** One record to add (through the resource's create endpoint) or to change (its id names an existing record). */
export const RecordEntry = z
  .looseObject({
    $query: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe("Query parameters of the create call, where the entry's own fields do not give them."),
    $password: Password.optional(),
  })
  .describe(
    'API field names of the resource. With the id of an existing record: its fields are changed; otherwise the ' +
      'record is created through the API.',
  );

const Token = z.strictObject({
  token: z.string().min(8).describe('The bearer token value (a test value).'),
  state: z
    .enum(['active', 'expired', 'revoked'])
    .describe('active: valid; expired: past its six months; revoked: by a refresh or rotate.'),
  issuedAt: isoInstant
    .optional()
    .describe('When it was issued (default: the account clock; expired tokens: six months and a day before).'),
});

const Credential = z.strictObject({
  clientId: z.string().min(1),
  secret: z.string().min(1).describe('Plain in the file (a test value); stored only as its SHA-256.'),
  active: z.boolean().optional().describe('Default true.'),
  endpoints: z
    .array(z.string())
    .optional()
    .describe('Endpoint allow-list lines, e.g. api/v2/sites; empty = no restriction.'),
  ips: z.string().optional().describe('IP allow-list text (matched as a substring); empty = no restriction.'),
  tokens: z.array(Token).optional(),
});

const Throttle = z.strictObject({
  endpoint: z
    .string()
    .regex(/^(GET|POST|PUT|PATCH|DELETE) \/\S+$/, {
      message: 'expected a method and a path template, e.g. GET /api/v2/sites',
    })
    .describe('Method and declared path template of an endpoint, e.g. `GET /api/v2/sites`.'),
  ip: z.string().min(1).optional().describe('The caller locked out; left out = every caller.'),
  lockedSeconds: z
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(120)
    .describe("Lockout length from the scenario's clock (default 120)."),
});

/**
 * The most `fullyBook` entries a scenario may hold (docs/bounds.md): each books a site's day through
 * the API one offered time at a time, a few ms a booking and up to about fifty bookings a day in the
 * large world.
 */
export const MAX_FULLY_BOOK = 200;

const FullyBook = z.strictObject({
  siteId: z.guid(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a date yyyy-MM-dd' }),
});

const AppointmentState = z.strictObject({
  AppointmentStateId: z.guid().describe("The state's id in the account (a real account's own ids may be used)."),
  Name: z
    .string()
    .max(100)
    .refine((name) => name.trim() !== '', { message: 'must not be blank' })
    .describe('e.g. Booked, Arrived, Cancelled.'),
});

/** Each id and each name (in any case) once. */
const AppointmentStates = z
  .array(AppointmentState)
  .min(1)
  .max(100)
  .superRefine((states, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    states.forEach((s, i) => {
      const id = s.AppointmentStateId.toLowerCase();
      const name = s.Name.trim().toLowerCase();
      if (ids.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'AppointmentStateId'], message: 'listed twice' });
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: [i, 'Name'], message: 'listed twice' });
      ids.add(id);
      names.add(name);
    });
  })
  .describe(
    "The account's appointment states, replacing the generated list (Booked, Confirmed, Arrived, In Progress, " +
      'Completed, No Show, Cancelled, each with a fixed id). A generated state left out by id hands its ' +
      'appointments to the listed state of the same name; one left out by id and name while an appointment is in ' +
      'it is refused. Code that looks a state up by name (Booked for new appointments, Cancelled for ' +
      'availability) finds none when the list has no such name: then no appointment counts as cancelled, and a ' +
      'new appointment with no state takes the first state listed.',
  );

/** Collections plus webhooks, which live beside the world. */
export const RECORD_RESOURCES = [...COLLECTIONS, 'webhooks'] as const;

export const Scenario = z
  .strictObject({
    $schema: z.string().optional().describe('Editor hint; ignored.'),
    description: z.string().min(1).describe('What state this is and what an integrator can try.'),
    account: Account.optional(),
    clear: z.array(z.enum(COLLECTIONS)).optional().describe('World collections emptied before records are added.'),
    appointmentStates: AppointmentStates.optional(),
    records: z
      .strictObject(
        Object.fromEntries(RECORD_RESOURCES.map((r) => [r, z.array(RecordEntry).optional()])) as Record<
          (typeof RECORD_RESOURCES)[number],
          z.ZodOptional<z.ZodArray<typeof RecordEntry>>
        >,
      )
      .optional()
      .describe("Records to add or change, by resource, with the API's own field names."),
    credentials: z
      .array(Credential)
      .optional()
      .describe('Credentials besides the demo credential, which always stays.'),
    throttle: z.array(Throttle).optional().describe('Endpoint buckets locked out when the scenario is applied.'),
    faults: z.array(FaultRuleInput).optional().describe('Fault rules of the account (replacing any it had).'),
    fullyBook: z
      .array(FullyBook)
      .max(MAX_FULLY_BOOK, {
        error: (issue) => {
          const given = Array.isArray(issue.input) ? issue.input.length : 'more';
          return `at most ${MAX_FULLY_BOOK} days to book fully, not ${given}`;
        },
      })
      .optional()
      .describe(
        `Days on which every time availability offers at the site is booked: at most ${MAX_FULLY_BOOK}, a site ` +
          'and day listed twice booked once.',
      ),
  })
  .meta({ title: 'Business API simulator scenario' });

export type Scenario = z.output<typeof Scenario>;
