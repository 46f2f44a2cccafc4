import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

interface FieldFrameProps {
  /** The visible label (text, or text with a small note such as '(optional)'). */
  label: ReactNode;
  /** The field's validation message, tied to the control. */
  error?: string | undefined;
  /** Announce the message (role="alert"); off when the form's own Alert already speaks. */
  announceError?: boolean;
  /** A short help text under the field. */
  hint?: string;
  /** A character counter under the field, right-aligned ('12/1000'), read with the field. */
  counter?: string;
  className?: string | undefined;
}

interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** The classes of a text control; an invalid one (`error`, or `aria-invalid` set by the form) gets a red border. */
const controlClass = (error: string | undefined) =>
  cn(
    'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none aria-invalid:border-red-600',
    error ? 'border-red-600' : 'border-slate-300',
  );

/**
 * The label, hint, counter and error around one control, and the wiring that ties them to it (id,
 * `aria-invalid`, `aria-describedby`). The control's own props come after the wiring, so a
 * form that marks its fields itself (`fieldProps` of use-checked-form) overrides the marks;
 * its `aria-describedby` (the form's message) is added to the hint's rather than replacing it.
 */
function FieldFrame({
  label,
  error,
  announceError = true,
  hint,
  counter,
  className,
  control,
}: FieldFrameProps & { control: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, counter !== undefined && counterId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: controlClass(error),
      })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {counter !== undefined && (
        <p id={counterId} className="mt-1 text-right text-xs text-slate-600">
          {counter}
        </p>
      )}
      {error && (
        <p id={errorId} role={announceError ? 'alert' : undefined} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Splits a field's props into the frame's (label, messages, layout) and the control's own. */
function splitProps<P extends FieldFrameProps>({ label, error, announceError, hint, counter, className, ...control }: P) {
  return [{ label, error, announceError, hint, counter, className }, control] as const;
}

/** The frame's descriptions (hint, error) and the control's own (a form's message), together. */
function joinDescriptions(wiring: ControlWiring, own: string | undefined): string | undefined {
  return [wiring['aria-describedby'], own].filter(Boolean).join(' ') || undefined;
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { ref?: Ref<HTMLInputElement> };

/**
 * A labelled input, for react-hook-form (`{...register('email')}`) or use-checked-form
 * (`{...fieldProps('email')}`): the label is visible and associated, and the error is
 * announced (role="alert") and described by the input.
 */
export function TextField(props: TextFieldProps) {
  const [frame, input] = splitProps(props);
  return (
    <FieldFrame
      {...frame}
      control={(wiring) => <input {...wiring} {...input} aria-describedby={joinDescriptions(wiring, input['aria-describedby'])} />}
    />
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { ref?: Ref<HTMLTextAreaElement> };

/** A labelled, vertically resizable textarea, wired like TextField. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [frame, textarea] = splitProps(props);
  return (
    <FieldFrame
      {...frame}
      control={(wiring) => (
        <textarea
          {...wiring}
          className={cn(wiring.className, 'resize-y')}
          {...textarea}
          aria-describedby={joinDescriptions(wiring, textarea['aria-describedby'])}
        />
      )}
    />
  );
}

/**
 * The required 'Message' textarea of the site's message forms (contacting a seller, writing to
 * support): one label, so both forms name their message field the same way.
 */
export function MessageField(props: Omit<TextAreaFieldProps, 'label' | 'required'>) {
  return <TextAreaField label="Message" required {...props} />;
}
