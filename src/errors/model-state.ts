import { errors, type ModelState } from './errors.js';

// The sentences of ASP.NET's model state, in one place so every area words a problem the same way.

/** A field's own name: the last segment of its path (`Items[0].ServiceId` → `ServiceId`). */
export const fieldName = (field: string): string => field.replace(/^.*[.\]]/, '');

/** [Required]'s sentence for a field left out. */
export const requiredMessage = (field: string): string => `The ${fieldName(field)} field is required.`;

/** Model binding's sentence for a value it cannot convert to `type`. */
export const notValidMessage = (value: string, type: string): string =>
  `The value '${value}' is not valid for ${type}.`;

/**
 * Collects validation failures the way ASP.NET's ModelState does, so that one 400 names every
 * bad field at once instead of making the caller fix them one round trip at a time.
 */
export class ModelStateErrors {
  private readonly state: ModelState = {};

  add(field: string, message: string): void {
    (this.state[field] ??= []).push(message);
  }

  /** Throws the 400 model-state answer when anything was added. */
  throwIfAny(): void {
    if (Object.keys(this.state).length > 0) throw errors.modelState(this.state);
  }
}
