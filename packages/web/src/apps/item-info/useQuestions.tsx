import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { QuestionModal, type Question } from './QuestionModal.js';

export interface PromptOptions {
  title: string;
  label: string;
  defaultValue?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
}

export interface ConfirmOptions {
  message: string;
  confirmLabel: string;
}

export interface ChooseOptions {
  message: string;
  options: readonly { value: string; label: string }[];
}

/** Asks one question at a time in a modal; each answer is a promise (null or false: cancelled). */
export interface Questions {
  prompt: (options: PromptOptions) => Promise<string | null>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  choose: (options: ChooseOptions) => Promise<string | null>;
}

/**
 * The prompts of the item actions as awaitable questions, so an action
 * reads as a sequence of steps. Render `modal` once.
 */
export function useQuestions(): { ask: Questions; modal: ReactNode } {
  const [question, setQuestion] = useState<Question | null>(null);

  const ask = useMemo<Questions>(() => {
    function open<T>(make: (answer: (value: T) => void) => Question): Promise<T> {
      return new Promise<T>((resolve) =>
        setQuestion(
          make((value) => {
            setQuestion(null);
            resolve(value);
          }),
        ),
      );
    }
    return {
      prompt: (options) => open<string | null>((resolve) => ({ kind: 'prompt', ...options, resolve })),
      confirm: (options) => open<boolean>((resolve) => ({ kind: 'confirm', ...options, resolve })),
      choose: (options) => open<string | null>((resolve) => ({ kind: 'choose', ...options, resolve })),
    };
  }, []);

  const cancel = useCallback(() => {
    if (!question) return;
    if (question.kind === 'confirm') question.resolve(false);
    else question.resolve(null);
  }, [question]);

  return { ask, modal: <QuestionModal question={question} onCancel={cancel} /> };
}
