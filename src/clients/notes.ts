import type { ModelStateErrors } from '../http/model-state.js';
import type { ClientNote } from '../world/clients.js';
import type { Guid } from '../world/common.js';
import type { ClientNoteIn } from './input.js';

/**
 * ClientNotes carry ObjectState as write control: 1 creates (with a new id), 2 updates the note
 * its ClientNoteId names (sent fields overwrite), 3 deletes it, 0 (or none) leaves it as is. A 2 or
 * 3 naming no note of this client is a 400 on that note's ClientNoteId. Returns the new list;
 * the current one is not touched, so a failed request writes nothing.
 */
export function applyNotes(
  current: readonly ClientNote[],
  sent: readonly ClientNoteIn[],
  clientId: Guid,
  newId: () => Guid,
  problems: ModelStateErrors,
): ClientNote[] {
  const notes = current.map((n) => ({ ...n }));
  sent.forEach((n, i) => {
    const state = n.ObjectState ?? 0;
    if (state === 0) return;
    if (state === 1) {
      notes.push({
        ClientNoteId: newId(),
        ClientId: clientId,
        ClientNoteType: n.ClientNoteType ?? 1,
        Body: n.Body ?? '',
        Category: n.Category ?? '',
      });
      return;
    }
    const at = notes.findIndex((x) => x.ClientNoteId === n.ClientNoteId);
    if (at < 0) {
      problems.add(
        `ClientNotes[${i}].ClientNoteId`,
        `The note '${n.ClientNoteId ?? ''}' does not exist on this client.`,
      );
      return;
    }
    if (state === 3) {
      notes.splice(at, 1);
      return;
    }
    const note = notes[at]!;
    if (n.ClientNoteType !== undefined) note.ClientNoteType = n.ClientNoteType;
    if (n.Body !== undefined) note.Body = n.Body;
    if (n.Category !== undefined) note.Category = n.Category;
  });
  return notes;
}
