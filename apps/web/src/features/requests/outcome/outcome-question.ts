import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutcomeBody, Request } from '@crm/shared';

/**
 * "¿Ganada o perdida?" (issue 21), asked before a move to CERRADO whichever way it was asked for
 * (drag, keyboard, the phone's switcher, "Mover a…", the modal's stage). One question at a time,
 * answered by the dialog OutcomeQuestionHost draws; a new question cancels one left open. A
 * module's state, not a context: the question belongs to the page, whichever screen asked it.
 */
export type OutcomeQuestion = {
  request: Request;
  /** Issue 33: with "Ganada", also ask the amount paid (one request's close, not a bulk one). */
  askAmount: boolean;
  /** The outcome chosen, or null when cancelled (nothing is moved then). */
  answer: (outcome: ClosingAnswer | null) => void;
};

/** The answer: the outcome, and the amount paid when asked and given (a won close only). */
export type ClosingAnswer = OutcomeBody & { amoutPaid?: number };

let current: OutcomeQuestion | null = null;
const listeners = new Set<() => void>();

function show(question: OutcomeQuestion | null) {
  current = question;
  for (const listener of listeners) listener();
}

/**
 * Asks the question for `request`; resolves with the outcome, or null when cancelled.
 * `askAmount`: "Ganada" also asks the amount paid, prefilled with the expected value.
 */
export function askOutcome(
  request: Request,
  { askAmount = false }: { askAmount?: boolean } = {},
): Promise<ClosingAnswer | null> {
  current?.answer(null);
  return new Promise((resolve) => {
    const question: OutcomeQuestion = {
      request,
      askAmount,
      answer: (outcome) => {
        if (current === question) show(null);
        resolve(outcome);
      },
    };
    show(question);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The screens that can draw the question (the board, the modal at its own address), in the
 * order they mounted: only the first draws it, so the modal over the board shows it once. When
 * the last one goes, a question left open is cancelled: nobody could answer it.
 */
const hosts: symbol[] = [];

/** The question waiting for an answer, for the host that draws it (null for the others). */
export function useOutcomeQuestion(): OutcomeQuestion | null {
  const [host] = useState(() => Symbol('outcome question host'));
  useEffect(() => {
    hosts.push(host);
    show(current);
    return () => {
      hosts.splice(hosts.indexOf(host), 1);
      if (hosts.length === 0) current?.answer(null);
      else show(current);
    };
  }, [host]);
  return useSyncExternalStore(subscribe, () => (hosts[0] === host ? current : null));
}
