import { useEffect, useState } from 'react';
import { loadEmoji, searchEmoji, type EmojiChoice } from '../lib/emoji';

/** A searchable emoji grid: custom emoji first, then Unicode emoji by name. */
export function EmojiPicker({ onPick, onClose }: { onPick: (e: EmojiChoice) => void; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [, setLoaded] = useState(false);
  useEffect(() => {
    void loadEmoji().then(() => setLoaded(true));
  }, []);
  const choices = searchEmoji(query, 48);
  return (
    <div className="popover emoji-picker" role="dialog" aria-label="Emoji picker" onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onClose())}>
      <input aria-label="Search emoji" placeholder="Search emoji" value={query} autoFocus onChange={(e) => setQuery(e.target.value)} />
      <div className="emoji-grid">
        {choices.map((c) => (
          <button key={`${c.type}:${c.name}`} title={`:${c.name}:`} aria-label={c.name} onClick={() => onPick(c)}>
            {c.url ? <img src={c.url} alt="" width={20} height={20} /> : c.glyph}
          </button>
        ))}
        {choices.length === 0 && <p>No emoji match.</p>}
      </div>
    </div>
  );
}
