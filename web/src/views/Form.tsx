// Small form parts the settings pages share: a setting saved as it changes.
import { useState, type ReactNode } from 'react';

export function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="toggle">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

export function Choice<T extends string | number>({ label, value, options, onChange }: { label: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <label>
      {label}
      <select value={String(value)} onChange={(e) => onChange((typeof value === 'number' ? Number(e.target.value) : e.target.value) as T)}>
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A text field saved with its button (not on every key). */
export function TextSetting({ label, value, onSave, type = 'text', multiline = false }: { label: string; value: string; onSave: (v: string) => Promise<unknown>; type?: string; multiline?: boolean }) {
  // What the user typed, until saved (the field shows the current value otherwise).
  const [typed, setTyped] = useState<string>();
  const text = typed ?? value;
  const setText = setTyped;
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(text).then(() => setTyped(undefined));
      }}
    >
      <label>
        {label}
        {multiline ? <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} /> : <input type={type} value={text} onChange={(e) => setText(e.target.value)} />}
      </label>
      <button type="submit" disabled={text === value}>
        Save
      </button>
    </form>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** An error answer's `msg`, announced to screen readers. */
export function FormError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {error}
    </p>
  );
}

/** A dialog's or form's submit and cancel buttons. */
export function SubmitCancel({ submit, onCancel }: { submit: string; onCancel: () => void }) {
  return (
    <div className="row-buttons">
      <button type="submit" className="primary">
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

export interface Field {
  name: string;
  label: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * A small form that adds something (a linkifier, a profile field, a bot, an alert word): its
 * fields, one button; cleared once `onAdd` succeeds (it answers undefined when it failed).
 */
export function AddForm({ fields, submit, onAdd, label }: { fields: Field[]; submit: string; onAdd: (values: Record<string, string>) => Promise<unknown>; label?: string }) {
  const empty = () => Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  return (
    <form
      className="form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void onAdd(values).then((done) => done !== undefined && setValues(empty()));
      }}
    >
      {fields.map((f) => (
        <label key={f.name}>
          {f.label}
          <input required={f.required ?? true} placeholder={f.placeholder} value={values[f.name]} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
        </label>
      ))}
      <button type="submit" className="primary">
        {submit}
      </button>
    </form>
  );
}

/** Choose a person from a list and act on them (add a subscriber, mute someone). */
export function PersonPicker({ label, people, submit, onPick }: { label: string; people: { user_id: number; full_name: string }[]; submit: string; onPick: (id: number) => void }) {
  const [id, setId] = useState(0);
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (id) onPick(id);
      }}
    >
      <label>
        {label}
        <select value={id} onChange={(e) => setId(Number(e.target.value))}>
          <option value={0}>Choose a person</option>
          {people.map((u) => (
            <option key={u.user_id} value={u.user_id}>
              {u.full_name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{submit}</button>
    </form>
  );
}
