// One way a form or a button sends a change and keeps what went wrong (docs/decisions/156-one-list-shell.md): the last
// failure is cleared before each try, and a refusal leaves the server's sentence (or `offline` when the server gave
// none) and the field it names, so the form shows it beside that field and keeps what was typed.
import { useId, useState } from 'react';
import { failureField, failureMessage } from './api';

export interface ChangeProblem {
  message: string;
  field?: string;
}

export function useChange(offline: string) {
  const [problem, setProblem] = useState<ChangeProblem>();
  const errorId = useId();
  /** Runs `change`; a thrown failure becomes the problem shown. */
  const run = async (change: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await change();
    } catch (failure) {
      const field = failureField(failure);
      setProblem({ message: failureMessage(failure, offline), ...(field ? { field } : {}) });
    }
  };
  /** A field's props when it may be the one refused: marked invalid and described by the sentence. */
  const field = (name: string) => ({ invalid: problem?.field === name, errorId });
  return { problem, errorId, run, clear: () => setProblem(undefined), field };
}
