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
export function TextSetting({ label, value, onSave, type = 'text' }: { label: string; value: string; onSave: (v: string) => Promise<unknown>; type?: string }) {
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
        <input type={type} value={text} onChange={(e) => setText(e.target.value)} />
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
