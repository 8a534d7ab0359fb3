// The search box: Zulip's narrow operators (channel:, topic:, dm:, sender:, is:, has:,
// search words), with suggestions for channels, people and operators as one types.
import { useState } from 'react';
import { narrowHash, narrowText, parseSearch, type Place } from '../lib/narrow';
import { useStore } from '../lib/use-store';

const OPERATORS = ['channel:', 'topic:', 'dm:', 'sender:', 'is:starred', 'is:mentioned', 'is:dm', 'is:unread', 'is:followed', 'has:link', 'has:image', 'has:attachment', 'has:reaction'];

export function SearchBar({ place }: { place: Place }) {
  const s = useStore();
  const current =
    place.view === 'feed'
      ? narrowText(
          place.narrow,
          (id) => s.channels.get(id)?.name,
          (id) => s.users.get(id)?.email,
        )
      : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);

  const channelId = (name: string) => [...s.channels.values()].find((c) => c.name.toLowerCase() === name.toLowerCase())?.stream_id;
  const userId = (email: string) => [...s.users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase())?.user_id;

  const last = text.split(/\s+/).pop() ?? '';
  const suggestions: string[] = [];
  if (last.startsWith('channel:')) {
    const q = last.slice(8).replace(/"/g, '').toLowerCase();
    for (const c of s.channels.values()) if (c.name.toLowerCase().startsWith(q)) suggestions.push(`channel:${/\s/.test(c.name) ? `"${c.name}"` : c.name}`);
  } else if (last.startsWith('dm:') || last.startsWith('sender:')) {
    const op = last.slice(0, last.indexOf(':') + 1);
    const q = last.slice(op.length).toLowerCase();
    for (const u of s.users.values()) if (u.is_active && (u.email.toLowerCase().startsWith(q) || u.full_name.toLowerCase().startsWith(q))) suggestions.push(`${op}${u.email}`);
  } else if (last) for (const op of OPERATORS) if (op.startsWith(last.toLowerCase()) && op !== last) suggestions.push(op);
  const shown = suggestions.slice(0, 8);

  function go(query: string) {
    setOpen(false);
    const narrow = parseSearch(query.trim(), channelId, userId);
    location.hash = narrowHash(narrow);
  }
  const complete = (sug: string) => setText(`${text.slice(0, text.length - last.length)}${sug} `);

  return (
    <form
      className="search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        go(text);
      }}
    >
      <input
        id="search-input"
        type="search"
        aria-label="Search messages"
        placeholder="Search (channel:, topic:, dm:, is:starred …)"
        value={text}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setOpen(false);
            (e.target as HTMLInputElement).blur();
          }
          if (e.key === 'Tab' && open && shown.length) {
            e.preventDefault();
            complete(shown[0]);
          }
        }}
      />
      {open && shown.length > 0 && (
        <ul className="typeahead" role="listbox" aria-label="Search suggestions">
          {shown.map((sug) => (
            <li key={sug} role="option" aria-selected="false" onMouseDown={(e) => (e.preventDefault(), complete(sug))}>
              {sug}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
