// Every channel the user can see: join, leave, and (where the realm allows) create one.
import { useState } from 'react';
import { client, ok } from '../api/client';
import { channelNarrow, narrowHash } from '../lib/narrow';
import { attempt, showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import { SubmitCancel } from './Form';
import { byName } from '../lib/collate';

export function BrowseChannels() {
  const s = useStore();
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const channels = [...s.channels.values()].filter((c) => !c.is_archived && c.name.toLowerCase().includes(filter.toLowerCase())).sort((a, b) => byName(a.name, b.name));
  return (
    <section className="overview" aria-labelledby="browse-title">
      <div className="feed-header">
        <h1 id="browse-title">All channels</h1>
        <input type="search" aria-label="Filter channels" placeholder="Filter channels" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button className="primary small" onClick={() => setCreating(!creating)}>
          Create a channel
        </button>
      </div>
      {creating && <CreateChannel onDone={() => setCreating(false)} />}
      <ul className="cards">
        {channels.map((c) => {
          const subscribed = s.subscriptions.has(c.stream_id);
          return (
            <li key={c.stream_id} className="card channel-card">
              <div>
                <a href={narrowHash(channelNarrow(c.stream_id, c.name))}>
                  {c.invite_only ? '🔒 ' : '# '}
                  {c.name}
                </a>
                {c.subscriber_count !== undefined && <span className="hint"> · {c.subscriber_count} subscribers</span>}
                <p className="description">{c.description}</p>
              </div>
              <button
                className={subscribed ? '' : 'primary'}
                onClick={() =>
                  void attempt(() =>
                    subscribed
                      ? ok(client.DELETE('/users/me/subscriptions', { params: { query: { subscriptions: JSON.stringify([c.name]) } } }))
                      : ok(client.POST('/users/me/subscriptions', { body: { subscriptions: [{ name: c.name }] } })),
                  )
                }
              >
                {subscribed ? 'Leave' : 'Join'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function CreateChannel({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState('public');
  async function submit() {
    const done = await attempt(() =>
      ok(
        client.POST('/users/me/subscriptions', {
          body: { subscriptions: [{ name, description }], invite_only: privacy === 'private', history_public_to_subscribers: privacy !== 'private-protected' },
        }),
      ),
    );
    if (done) {
      showToast(`Created #${name}.`);
      onDone();
    }
  }
  return (
    <form
      className="card form"
      aria-label="Create a channel"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Name
        <input required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <label>
        Description
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        Who can join
        <select value={privacy} onChange={(e) => setPrivacy(e.target.value)}>
          <option value="public">Public: anyone in the organization</option>
          <option value="private">Private, with shared history</option>
          <option value="private-protected">Private, with protected history</option>
        </select>
      </label>
      <SubmitCancel submit="Create" onCancel={onDone} />
    </form>
  );
}
