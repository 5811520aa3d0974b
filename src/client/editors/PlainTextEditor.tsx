import { useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import styles from './PlainTextEditor.module.css';
import { applyInput, cleanInsertion, countChars, htmlToText, roomLeft, type PlainTextRules } from './plain-text';
import { useAutoGrow } from './use-auto-grow';

export interface PlainTextEditorProps {
  value: string;
  onChange: (text: string) => void;
  ariaLabel: string;
  placeholder?: string;
  /** The model field it syncs to; also the textarea's name. */
  name?: string;
  /** When false, later changes of `value` are ignored: the editor keeps its own text. */
  syncWithModel?: boolean;
  forceSingleLine?: boolean;
  smartQuotesEnabled?: boolean;
  disableEdit?: boolean;
  characterLimit?: number;
  className?: string;
}

const LINE_INPUTS = new Set(['insertLineBreak', 'insertParagraph']);
// Pastes and drops have their own handlers; these are the rest of what adds text.
const HANDLED_ELSEWHERE = new Set(['insertFromPaste', 'insertFromDrop', 'insertFromPasteAsQuotation']);

/**
 * Spec 1 §5 plain-text editor, as a textarea: plain text in, plain text out, with the spec's
 * single-line, smart-quote, character-limit, paste and drop rules.
 */
export function PlainTextEditor({
  value,
  onChange,
  ariaLabel,
  placeholder,
  name,
  syncWithModel = true,
  forceSingleLine = false,
  smartQuotesEnabled = false,
  disableEdit = false,
  characterLimit,
  className,
}: PlainTextEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const [ownText, setOwnText] = useState(value);
  const text = syncWithModel ? value : ownText;
  const rules: PlainTextRules = { singleLine: forceSingleLine, smartQuotes: smartQuotesEnabled, limit: characterLimit };
  useAutoGrow(ref, text);

  // React's onBeforeInput is not the native beforeinput event, and only the native one says
  // what kind of input is coming (inputType) early enough to cancel it.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onBeforeInput = (event: InputEvent) => {
      const lineBreak = LINE_INPUTS.has(event.inputType);
      if (lineBreak && forceSingleLine) {
        event.preventDefault();
        return;
      }
      if (characterLimit === undefined || !event.inputType.startsWith('insert') || HANDLED_ELSEWHERE.has(event.inputType)) return;
      const inserted = lineBreak ? '\n' : (event.data ?? '');
      const before = el.value.slice(0, el.selectionStart);
      const after = el.value.slice(el.selectionEnd);
      if (countChars(inserted) > roomLeft(before, after, characterLimit)) event.preventDefault();
    };
    el.addEventListener('beforeinput', onBeforeInput);
    return () => el.removeEventListener('beforeinput', onBeforeInput);
  }, [forceSingleLine, characterLimit]);

  const commit = (next: string) => {
    setOwnText(next);
    onChange(next);
  };

  /** Puts a cleaned text into the textarea itself, keeping the caret where the person expects it. */
  const write = (el: HTMLTextAreaElement, next: string, caret: number) => {
    el.value = next;
    el.setSelectionRange(caret, caret);
  };

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    const raw = el.value;
    // The safety net for input beforeinput cannot cancel (IME composition, autocorrect).
    const result = applyInput(text, raw, el.selectionEnd, rules);
    if (result.text !== raw) write(el, result.text, result.caret);
    commit(result.text);
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    event.preventDefault();
    const el = event.currentTarget;
    if (el.readOnly) return;
    const data = event.clipboardData;
    const pasted = data.getData('text/plain') || htmlToText(data.getData('text/html'));
    const before = el.value.slice(0, el.selectionStart);
    const after = el.value.slice(el.selectionEnd);
    const inserted = cleanInsertion(before, pasted, after, rules);
    if (inserted === '' && before.length + after.length === el.value.length) return;
    // execCommand keeps the browser's own undo history; where it is missing, write directly.
    if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, inserted)) return;
    const next = before + inserted + after;
    write(el, next, before.length + inserted.length);
    commit(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (forceSingleLine && event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
  };

  const remaining = characterLimit === undefined ? null : characterLimit - countChars(text);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <textarea
        ref={ref}
        className={styles.input}
        value={text}
        name={name}
        data-field={name}
        aria-label={ariaLabel}
        aria-describedby={remaining === null ? undefined : counterId}
        aria-multiline={!forceSingleLine}
        placeholder={placeholder}
        readOnly={disableEdit}
        rows={1}
        onChange={handleChange}
        onPaste={handlePaste}
        onKeyDown={handleKeyDown}
        onDrop={(event) => event.preventDefault()}
      />
      {remaining !== null && (
        <div id={counterId} className={remaining <= 0 ? `${styles.counter} ${styles.full}` : styles.counter} aria-live="polite">
          {counterText(remaining)}
        </div>
      )}
    </div>
  );
}

function counterText(remaining: number): string {
  if (remaining < 0) return `${-remaining} ${-remaining === 1 ? 'character' : 'characters'} over the limit`;
  return `${remaining} ${remaining === 1 ? 'character' : 'characters'} left`;
}
