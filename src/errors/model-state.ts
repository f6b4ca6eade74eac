import { errors, type ModelState } from './errors.js';
import { isRelaxed, type Rule } from './rules.js';

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
  private readonly rules: Rule[] = [];

  /** Adds the rule's refusal of `field`, unless the account has relaxed the rule. */
  add(field: string, message: string, rule: Rule): void {
    if (isRelaxed(rule)) return;
    (this.state[field] ??= []).push(message);
    if (!this.rules.includes(rule)) this.rules.push(rule);
  }

  /** Throws the 400 model-state answer when anything was added. */
  throwIfAny(): void {
    if (Object.keys(this.state).length > 0) throw errors.modelState({ state: this.state, rules: this.rules });
  }
}
