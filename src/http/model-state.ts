import { errors, type ModelState } from './errors.js';

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
