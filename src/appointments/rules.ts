import { defineRules } from '../errors/rules.js';

// The rules the diary's endpoints refuse by (errors/rules.ts says what a rule is).

export const APPOINTMENT_RULES = defineRules('appointments', {
  listRange: {
    id: 'list.range-90-days',
    text: 'GET appointments covers at most 90 days: 400 `Maximum date range is 90 days` beyond.',
    source: 'spec',
    evidence: 'GET /api/v2/appointments: "range at most 90 days, wider returns 400 with message …".',
  },
  serviceSequence: {
    id: 'availabletimes.service-sequence',
    text: 'serviceSequence takes 0 (none), 1 (sequential) or 2 (same start time); another number is a 400.',
    source: 'spec',
    evidence: 'Enumerations: "serviceSequence (Byte): 0 none, 1 sequential, 2 same start time".',
  },
  cartItems: {
    id: 'validate.cart-items',
    text: 'POST appointments/validate needs at least one cart item: 400 on `body` otherwise.',
    source: 'spec',
    evidence: 'POST /api/v2/appointments/validate: "400 when no cart items were sent".',
  },
  stateExists: {
    id: 'setstate.state-exists',
    text: "setstate's appointmentStateId must name one of the account's appointment states.",
    source: 'assumed',
    evidence:
      'The spec moves an appointment "with any state id" (no transition rules) and lists the states by id in the ' +
      'appointment-states category; an id naming no state is refused as a model-state error.',
    fixed: 'answers name the state an appointment is in',
  },
  itemService: {
    id: 'write.item-service',
    text:
      'Every appointment service item names a service of the catalogue (ServiceId); its duration and name fill ' +
      'End and Description.',
    source: 'assumed',
    evidence:
      "The spec's Appointment Service has ServiceId or PackageId; a diary entry needs a service to have a length.",
    fixed: 'the item takes its length and name from the service',
  },
  serviceInPackage: {
    id: 'write.service-in-package',
    text: 'An item naming a PackageId and a ServiceId must name a service of that package.',
    source: 'assumed',
    evidence: 'PackageGroupId "links all services of one package"; a service outside the package cannot belong to it.',
  },
  endAfterStart: {
    id: 'write.end-after-start',
    text: "An item's End must not be before its Start.",
    source: 'assumed',
    evidence: 'The spec gives Start and End of each service without saying how a reversed pair is answered.',
  },
  staffNames: {
    id: 'write.staff-names',
    text:
      "Each item's Employees carry FirstName and LastName, and its Resources a Name (the account's own names are " +
      'stored): `The <Field> field is required.`',
    source: 'spec',
    evidence:
      'Appointment Service Employee: "FirstName String (required), LastName String (required)"; Resource: ' +
      '"Name String (required)".',
  },
});
