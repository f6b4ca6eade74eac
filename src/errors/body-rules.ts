import { defineRules } from './rules.js';

// The rules of request bodies every endpoint shares: a body's presence, media type, JSON and size,
// and the values in it (binding, required fields, lengths, ranges, enumerations). Below the models,
// so the body value types of records.ts and an area's own checks name them.

export const MODEL_BINDING =
  'ASP.NET Web API model binding: a value it cannot convert to the parameter or field type is a model-state error ' +
  "naming the field, in its sentence `The value '<v>' is not valid for <Field>.`";

export const BODY_RULES = defineRules('body', {
  required: {
    id: 'required',
    text: 'An endpoint that needs a body refuses a missing or empty one: 400 model state on `body`.',
    source: 'spec',
    evidence: 'Errors, Other statuses: "400: body required but missing".',
  },
  json: {
    id: 'json',
    text: 'A body must be JSON that parses: 400 model state on `body` otherwise.',
    source: 'spec',
    evidence: 'What the service does 2: "Request bodies are JSON with Content-Type: application/json".',
  },
  mediaType: {
    id: 'media-type',
    text:
      'A body sent as anything but `application/json` or `text/json` (or with no Content-Type) is a 415, the answer ' +
      'of ASP.NET Web API when no formatter reads the media type.',
    source: 'convention',
    evidence:
      'ASP.NET Web API reads bodies through its media-type formatters; the JSON one takes those two types. ' +
      'Relaxed, a body is read as JSON whatever its Content-Type.',
  },
  tooLarge: {
    id: 'too-large',
    text: 'A body over 1 MiB is refused unread: 413.',
    source: 'assumed',
    evidence: 'The spec says "maximum body size: not shown"; the simulator bounds what one request can hold.',
    fixed: 'it bounds the memory one request holds (docs/bounds.md)',
  },
  tooDeep: {
    id: 'too-deep',
    text: 'JSON nested more than 64 levels deep is refused: 400 model state on `body`.',
    source: 'assumed',
    evidence: "The spec shows no nesting limit; ASP.NET's JSON reader stops at 64 levels (Json.NET's MaxDepth).",
    fixed: 'it bounds the stack a request can use (docs/bounds.md)',
  },
  valueNotValid: {
    id: 'value-not-valid',
    text:
      'A body value of the wrong type or form (text for a number, a malformed Guid or DateTime) is a 400 model-state ' +
      'error on its field; relaxed, the value is bound as if it had not been sent.',
    source: 'convention',
    evidence: MODEL_BINDING,
  },
  fieldRequired: {
    id: 'field-required',
    text:
      'A body field the endpoint needs, left out or null, is a 400 model-state error ' +
      '`The <Field> field is required.`',
    source: 'assumed',
    evidence:
      "The spec marks some fields required without saying how a missing one is refused; ASP.NET's [Required] " +
      'wording is used. Fields the spec marks required have rules of their own.',
    fixed: 'the record could not be built without it',
  },
  enumeration: {
    id: 'enumeration',
    text: 'A Byte enumeration field takes only its listed numbers; another number is a 400 model-state error.',
    source: 'spec',
    evidence: 'Enumerations: each Byte enumeration lists its values (Gender, ObjectState, ClassBookingState, …).',
  },
  textLength: {
    id: 'text-length',
    text: "A text field longer than its stated limit is a 400 model-state error (StringLength's sentence).",
    source: 'assumed',
    evidence:
      'The spec gives no lengths; the simulator states one for every text field (docs/decisions.md, docs/bounds.md), ' +
      "as the real service's columns have lengths. Relaxed, a text up to the body's own limit is kept whole.",
  },
  listLength: {
    id: 'list-length',
    text: 'A list in a body holds at least and at most what its field states (MinLength, MaxLength).',
    source: 'assumed',
    evidence: 'The spec gives no list sizes; the simulator bounds every list a caller sends.',
    fixed: 'it bounds what one record holds (docs/bounds.md)',
  },
  numberRange: {
    id: 'number-range',
    text: 'A number in a body stays within the range its field states.',
    source: 'assumed',
    evidence: 'The spec gives no ranges; the simulator states one for amounts, capacities and counts.',
    fixed: 'it keeps amounts and counts within what the simulator computes exactly',
  },
});

export const RECORD_RULES = defineRules('records', {
  referenceExists: {
    id: 'reference-exists',
    text:
      'An id that links a record to another (a site, client, service, employee, …) must name a record of that kind ' +
      "in the account: `The <Field> '<id>' does not exist.`",
    source: 'assumed',
    evidence:
      'The spec links records by id and says ids are unique across the account, but not how a dangling link is ' +
      'answered; ASP.NET model state names the field.',
    fixed: 'answers, lists and availability read the record an id names',
  },
  recordExists: {
    id: 'record-exists',
    text: 'A change or removal of a record by its id needs the record: 400 `Record does not exist.` otherwise.',
    source: 'spec',
    evidence:
      'States and transitions: "Appointment, accounting document, accounting entry: DELETE … 400 when it does not ' +
      'exist"; Errors: "`Record does not exist.` on DELETE of a missing appointment, document or entry". The same ' +
      'answer is given by every change of a missing record.',
  },
  idsUnique: {
    id: 'ids-unique',
    text: 'An id a caller chooses for a new record must not already name one, nor be sent twice in one body.',
    source: 'spec',
    evidence: 'Conventions on values: "Ids are unique across the whole account."',
  },
});
