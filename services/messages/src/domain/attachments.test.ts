import { bindClient, createLogger, fakeClients } from '@parley/common';
import { mayLinkUploads, RELEASE_CHUNK, releaseMessages, syncMessageAttachments, uploadPathIds } from './attachments';

describe('uploadPathIds', () => {
  const ids = (content: string, realmId = 2) => uploadPathIds(content, realmId);

  it('finds a relative link in a Markdown link, as clients insert uploads', () => {
    expect(ids('[file.txt](/user_uploads/2/ab/xyz/file.txt)')).toEqual(['2/ab/xyz/file.txt']);
    expect(ids('[](/user_uploads/2/ab/xyz/image.png)')).toEqual(['2/ab/xyz/image.png']);
  });

  it('finds absolute links on any host, http or https, with a port', () => {
    expect(ids('[a](https://chat.example.com/user_uploads/2/ab/c1/a.pdf) and http://127.0.0.1:9991/user_uploads/2/cd/c2/b.pdf')).toEqual(['2/ab/c1/a.pdf', '2/cd/c2/b.pdf']);
    expect(ids('HTTPS://Chat.Example.com/user_uploads/2/ab/c/x.png')).toEqual(['2/ab/c/x.png']);
  });

  it('finds bare and angle-bracketed links', () => {
    expect(ids('see /user_uploads/2/ab/c/one.txt\nand <https://x.example/user_uploads/2/ab/c/two.txt> or </user_uploads/2/ab/c/three.txt>')).toEqual([
      '2/ab/c/one.txt',
      '2/ab/c/two.txt',
      '2/ab/c/three.txt',
    ]);
    expect(ids('/user_uploads/2/ab/c/start.txt')).toEqual(['2/ab/c/start.txt']);
  });

  it('stops at whitespace, brackets, angle brackets and quotes', () => {
    expect(ids('[x](/user_uploads/2/ab/c/f.txt "title")')).toEqual(['2/ab/c/f.txt']);
    expect(ids('[/user_uploads/2/ab/c/in-text.txt]')).toEqual(['2/ab/c/in-text.txt']);
    expect(ids('"/user_uploads/2/ab/c/dq.txt" \'/user_uploads/2/ab/c/sq.txt\' `/user_uploads/2/ab/c/bt.txt`')).toEqual(['2/ab/c/dq.txt', '2/ab/c/sq.txt', '2/ab/c/bt.txt']);
    expect(ids('(see /user_uploads/2/ab/c/paren.txt)')).toEqual(['2/ab/c/paren.txt']);
  });

  it("drops a bare link's trailing sentence punctuation, but keeps a link destination exact", () => {
    expect(ids('Here: /user_uploads/2/ab/c/report.pdf. And https://h.example/user_uploads/2/ab/c/b.pdf, ok?')).toEqual(['2/ab/c/report.pdf', '2/ab/c/b.pdf']);
    expect(ids('**/user_uploads/2/ab/c/bold.txt**')).toEqual(['2/ab/c/bold.txt']);
    expect(ids('[dots](/user_uploads/2/ab/c/name.)')).toEqual(['2/ab/c/name.']);
  });

  it('drops a query or a fragment', () => {
    expect(ids('[x](/user_uploads/2/ab/c/f.png?size=full) /user_uploads/2/ab/c/g.png#top')).toEqual(['2/ab/c/f.png', '2/ab/c/g.png']);
  });

  it('percent-decodes each segment', () => {
    expect(ids('[x](/user_uploads/2/ab/c/my%20file%C3%A9.txt)')).toEqual(['2/ab/c/my fileé.txt']);
    expect(ids('[x](/user_uploads/2/ab/c/%D1%84%D0%B0%D0%B9%D0%BB.txt) [y](/user_uploads/2/ab/c/файл.txt)')).toEqual(['2/ab/c/файл.txt']);
  });

  it('ignores malformed escapes and escaped slashes', () => {
    expect(ids('/user_uploads/2/ab/c/bad%zz.txt /user_uploads/2/ab/c/half%E2.txt /user_uploads/2/ab%2Fc/f.txt')).toEqual([]);
  });

  it("keeps only the realm's files", () => {
    expect(ids('/user_uploads/3/ab/c/other-realm.txt /user_uploads/22/ab/c/f.txt /user_uploads/02/ab/c/f.txt /user_uploads/2/ab/c/mine.txt')).toEqual(['2/ab/c/mine.txt']);
    expect(ids('/user_uploads/3/ab/c/f.txt', 3)).toEqual(['3/ab/c/f.txt']);
  });

  it('ignores temporary and thumbnail URLs', () => {
    expect(ids('/user_uploads/temporary/abcdef/f.txt [t](/user_uploads/thumbnail/2/ab/c/f.png/840x560.webp)')).toEqual([]);
  });

  it('needs the realm, a random segment and a name, without empty, "." or ".." segments', () => {
    expect(ids('/user_uploads/2/f.txt /user_uploads/2 /user_uploads/ /user_uploads/2//c/f.txt /user_uploads/2/../c/f.txt /user_uploads/2/./c/f.txt')).toEqual([]);
    expect(ids('/user_uploads/2/ab/f.txt')).toEqual(['2/ab/f.txt']);
  });

  it('ignores /user_uploads/ inside another path or word', () => {
    expect(ids('https://h.example/prefix/user_uploads/2/ab/c/f.txt foo/user_uploads/2/ab/c/g.txt x/user_uploads/2/ab/c/h.txt')).toEqual([]);
    expect(ids('xhttps://h.example/user_uploads/2/ab/c/f.txt')).toEqual([]);
  });

  it('dedupes, keeping the order of first appearance', () => {
    expect(ids('/user_uploads/2/b/c/2.txt [a](/user_uploads/2/a/c/1.txt) https://h/user_uploads/2/b/c/2.txt /user_uploads/2/b/c/2%2Etxt')).toEqual(['2/b/c/2.txt', '2/a/c/1.txt']);
  });

  it('finds nothing in content without uploads', () => {
    expect(ids('')).toEqual([]);
    expect(ids('hello **world** https://example.com/files/2/ab/c/f.txt')).toEqual([]);
  });
});

describe('mayLinkUploads', () => {
  it('is true whenever uploadPathIds could find something, whatever the realm', () => {
    expect(mayLinkUploads('[x](/user_uploads/9/ab/c/f.txt)')).toBe(true);
    expect(mayLinkUploads('/user_uploads/temporary/x')).toBe(true);
    expect(mayLinkUploads('user_uploads without a slash')).toBe(false);
  });
});

/** The uploads service as Peers bind it, its calls going to `fake` (RPC name, request). */
const uploadsThrough = (fake: (method: string, request: unknown) => Promise<unknown>) =>
  bindClient(fakeClients({ uploads: (method, request) => fake(method, request) }).uploads, { client: 'test', host: '' });

describe('syncMessageAttachments', () => {
  it('sends the message with date_sent in UNIX seconds and returns the detached uploads', async () => {
    const detached = [{ id: 7, name: 'f.txt', path_id: '2/ab/c/f.txt', size: 3, create_time: 1_700_000_000_000, messages: [] }];
    const uploads = jest.fn(async () => ({ json: JSON.stringify({ detached_uploads: detached }) }));
    await expect(
      syncMessageAttachments(uploadsThrough(uploads), {
        realm_id: 2,
        message_id: 5,
        sender_id: 9,
        date_sent: new Date(1_700_000_123_456),
        path_ids: ['2/ab/c/f.txt'],
        is_edit: true,
      }),
    ).resolves.toEqual(detached);
    expect(uploads).toHaveBeenCalledWith('SyncMessageAttachments', {
      realm_id: 2,
      message_id: 5,
      sender_id: 9,
      date_sent: 1_700_000_123,
      path_ids: ['2/ab/c/f.txt'],
      is_edit: true,
    });
  });

  it('takes a reply without detached_uploads as none, and raises a failure', async () => {
    const req = { realm_id: 2, message_id: 5, sender_id: 9, date_sent: new Date(0), path_ids: [], is_edit: false };
    await expect(
      syncMessageAttachments(
        uploadsThrough(async () => ({ json: Buffer.from('{}') })),
        req,
      ),
    ).resolves.toEqual([]);
    const down = Object.assign(new Error('uploads is unavailable'), { code: 'SERVICE_UNAVAILABLE' });
    await expect(
      syncMessageAttachments(
        uploadsThrough(async () => {
          throw down;
        }),
        req,
      ),
    ).rejects.toBe(down);
  });
});

describe('releaseMessages', () => {
  const log = createLogger('attachments-test', 'silent');

  it('releases in chunks of at most 1000 IDs', async () => {
    const uploads = jest.fn(async () => ({ json: '{"removed":0}' }));
    const ids = Array.from({ length: 2 * RELEASE_CHUNK + 1 }, (_, i) => i + 1);
    await releaseMessages(uploadsThrough(uploads), log, 2, ids);
    expect(uploads.mock.calls.map((c: unknown[]) => (c[1] as { message_ids: number[] }).message_ids.length)).toEqual([1000, 1000, 1]);
    expect(uploads).toHaveBeenCalledWith('ReleaseMessages', { realm_id: 2, message_ids: [2001] });
  });

  it('makes no call for no messages', async () => {
    const uploads = jest.fn();
    await releaseMessages(uploadsThrough(uploads), log, 2, []);
    expect(uploads).not.toHaveBeenCalled();
  });

  it('logs a failure with the IDs, never raises it, and goes on with the next chunk', async () => {
    const warn = jest.fn();
    const uploads = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ json: '{}' });
    const ids = Array.from({ length: RELEASE_CHUNK + 2 }, (_, i) => i + 1);
    await expect(releaseMessages(uploadsThrough(uploads), { warn } as never, 2, ids)).resolves.toBeUndefined();
    expect(uploads).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ realmId: 2, messageIds: ids.slice(0, RELEASE_CHUNK) });
  });
});
