/**
 * The stub every machine's `setup()` names in place of a real actor: the runtime provides the real one, and
 * tests theirs, with `.provide()`. Calling the stub means a wiring mistake, so it says which.
 */
export const notProvided = (machine: string, actor: string) => () => {
  throw new Error(`${machine}: actor "${actor}" was not provided`);
};
