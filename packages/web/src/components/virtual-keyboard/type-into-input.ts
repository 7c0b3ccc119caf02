/**
 * Edits an input the way typing does, so React-controlled inputs see it: the value is set through
 * the element prototype's native setter (React's own setter on the instance would swallow it)
 * and an `input` event follows, which React turns into onChange.
 */

type Editable = HTMLInputElement | HTMLTextAreaElement;

function setNativeValue(element: Editable, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // The prototype's setter with the element as receiver: React's tracker on the instance stays stale.
  if (!Reflect.set(prototype, 'value', value, element)) element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The selection, or the end of the text for inputs without one (number inputs). */
function selection(element: Editable): [number, number] {
  try {
    const start = element.selectionStart;
    const end = element.selectionEnd;
    if (start !== null && end !== null) return [start, end];
  } catch {
    // number and email inputs throw on selectionStart in some browsers
  }
  return [element.value.length, element.value.length];
}

function placeCaret(element: Editable, position: number): void {
  try {
    element.setSelectionRange(position, position);
  } catch {
    // not supported by this input type
  }
}

/** Types text over the selection (or at the caret). */
export function insertText(element: Editable, text: string): void {
  const [start, end] = selection(element);
  const value = element.value;
  const limit = element.maxLength > 0 ? element.maxLength : Infinity;
  const next = (value.slice(0, start) + text + value.slice(end)).slice(0, limit);
  setNativeValue(element, next);
  placeCaret(element, Math.min(start + text.length, next.length));
}

/** Deletes the selection, or the character before the caret. */
export function deleteBackward(element: Editable): void {
  const [start, end] = selection(element);
  if (start === end && start === 0) return;
  const from = start === end ? start - 1 : start;
  setNativeValue(element, element.value.slice(0, from) + element.value.slice(end));
  placeCaret(element, from);
}

export function clearInput(element: Editable): void {
  if (element.value === '') return;
  setNativeValue(element, '');
}

/**
 * Enter: a keydown that React handlers see (the scanner bar submits on it); when nobody
 * prevented it, an input in a form submits that form as a real Enter would.
 */
export function pressEnter(element: Editable): void {
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, bubbles: true, cancelable: true };
  const proceed = element.dispatchEvent(new KeyboardEvent('keydown', init));
  element.dispatchEvent(new KeyboardEvent('keyup', init));
  if (proceed && element instanceof HTMLInputElement && element.form) element.form.requestSubmit();
}
