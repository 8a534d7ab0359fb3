import { closeMessagesPool, insertRawMessage, messagesPool, planOf, scratchRealm } from '../../../../test/support/messages-db';
import { channelTopics } from './topics';

/** A channel's topics on the messages schema: by the channel's topic index, once whatever their case. */
afterAll(closeMessagesPool);

describe('channelTopics', () => {
  it("reads the channel's messages by its topic index, not the realm's", async () => {
    // Either of the channel's indexes, as the planner weighs the table's statistics; never a realm-wide scan.
    for (const plan of [await planOf((db) => channelTopics(db, 1)), await planOf((db) => channelTopics(db, 1, 2))]) {
      expect(plan).toMatch(/messages_channel_topic|messages_channel /);
      expect(plan).not.toMatch(/messages_realm|Seq Scan on messages /);
    }
  });

  it('names each topic as its newest message does; with a viewer, only the messages they have a copy of', async () => {
    const { realmId, userId, channelId } = scratchRealm();
    const [sender, viewer] = [userId(1), userId(2)];
    const send = (topic: string, copies: Record<number, number>) => insertRawMessage(realmId, { sender, channelId: channelId(1), topic, copies });
    const a = await send('Topic', { [sender]: 1 });
    const b = await send('other', { [sender]: 1, [viewer]: 0 });
    const c = await send('TOPIC', { [sender]: 1 });
    await insertRawMessage(realmId, { sender, channelId: channelId(2), topic: 'elsewhere', copies: { [viewer]: 0 } });
    expect(await channelTopics(messagesPool(), channelId(1))).toEqual([
      { name: 'TOPIC', max_id: c },
      { name: 'other', max_id: b },
    ]);
    expect(await channelTopics(messagesPool(), channelId(1), viewer)).toEqual([{ name: 'other', max_id: b }]);
    expect(a).toBeLessThan(b);
  });
});
