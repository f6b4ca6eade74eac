import { defineRules } from '../errors/rules.js';

// The rules the class endpoints refuse by (errors/rules.ts says what a rule is).

export const CLASS_RULES = defineRules('classes', {
  name: {
    id: 'write.name',
    text: 'A class is created with a Name, and a Name sent on update is not blank.',
    source: 'assumed',
    evidence: "The spec names ClassId, SiteId and Name as the Class's known fields; a class list is ordered by name.",
  },
  onlineCapacity: {
    id: 'classbookings.online-capacity',
    text:
      'An online booking that would take a place on a session whose places are all held is refused on ' +
      'ClassScheduleId; manual bookings may overbook.',
    source: 'assumed',
    evidence:
      'The spec has OnlineBooking ("online or manual booking") and a capacity per session, without saying what a ' +
      'booking past it answers; a booking site must not sell a place that is gone.',
  },
  bookingFields: {
    id: 'classbookings.create-fields',
    text: 'A class booking is created with its ClassScheduleId and ClientId.',
    source: 'spec',
    evidence:
      'Class Booking: "ClassScheduleId Guid: the dated session; ClientId Guid"; POST reads ClassScheduleId from ' +
      'the body.',
  },
});
