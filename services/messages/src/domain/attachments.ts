import { allowRemoteInTransaction, BoundClient, Logger, parseJsonReply } from '@parley/common';

/**
 * The files a message links to (Zulip: the message's potential_attachment_path_ids) and what
 * the uploads service is told of them: on send and on a content edit, inside the message's
 * transaction (a committed message never lacks its references); after a delete commits, that
 * the messages are gone (a failure there only leaks files, so it is logged, never raised).
 */

/** An uploaded file as Zulip's Attachment object (create_time in milliseconds). */
export interface Attachment {
  id: number;
  name: string;
  path_id: string;
  size: number;
  create_time: number;
  messages: { id: number; date_sent: number }[];
}

/** The uploads service, as the caller of the request (a request's Peers, or the system's). */
export type UploadsCall = BoundClient<'uploads'>;

/** ReleaseMessages takes at most this many message IDs per call. */
export const RELEASE_CHUNK = 1000;

/**
 * `/user_uploads/<path>`, alone or after `http(s)://<host>`; not inside another path or host
 * (the character before is no part of a URL). The path stops at whitespace, brackets and quotes.
 */
const UPLOAD_LINK = /(?<![\w.~%/-])(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#()[\]<>"'`]+)?\/user_uploads\/([^\s()[\]<>"'`]+)/g;
/** What Markdown does not count as part of a bare URL's end (GFM autolinks, less "_", which names keep). */
const TRAILING_PUNCTUATION = /[.,:;!?*~]+$/;

/**
 * The path_ids (`<realm_id>/<random...>/<name>`, percent-decoded) of the realm's uploaded
 * files that Markdown content links to, in order of first appearance, without repeats:
 * relative and absolute (any host) `/user_uploads/` links in Markdown links, angle brackets
 * or bare. Other realms' paths and `/user_uploads/temporary/…`, `/user_uploads/thumbnail/…`
 * are not uploads of this realm.
 */
export function uploadPathIds(content: string, realmId: number): string[] {
  const found = new Set<string>();
  for (const match of content.matchAll(UPLOAD_LINK)) {
    const before = content.slice(Math.max(0, match.index - 2), match.index);
    let path = match[1].replace(/[?#].*$/s, '');
    // A link destination or an autolink ends exactly where it says; a bare URL drops the
    // sentence's punctuation ("see /user_uploads/2/ab/cd/report.pdf.").
    if (before !== '](' && !before.endsWith('<')) path = path.replace(TRAILING_PUNCTUATION, '');
    const pathId = decodedPathId(path, realmId);
    if (pathId !== undefined) found.add(pathId);
  }
  return [...found];
}

/** The path decoded segment by segment, if it is a path_id of the realm (as the uploads service parses them). */
function decodedPathId(path: string, realmId: number): string | undefined {
  let segments: string[];
  try {
    segments = path.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return undefined; // a malformed escape: no stored name has a bare '%'
  }
  if (segments.length < 3 || segments[0] !== String(realmId)) return undefined;
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[/\\\0]/.test(s))) return undefined;
  return segments.join('/');
}

/**
 * Whether content may have references to uploads: cheap, and a superset of uploadPathIds
 * whatever the realm, so that releasing or re-syncing by it never misses references made
 * by an earlier (or later) way of finding links.
 */
export const mayLinkUploads = (content: string): boolean => content.includes('/user_uploads/');

/**
 * Tells the uploads service which files the message links to now (the caller's transaction
 * holds the message row); returns the sender's files an edit left without any message.
 * A failure is raised as the uploads service's error: the send or edit must roll back.
 */
export async function syncMessageAttachments(
  uploads: UploadsCall,
  req: {
    realm_id: number;
    message_id: number;
    sender_id: number;
    date_sent: Date;
    path_ids: string[];
    is_edit: boolean;
  },
): Promise<Attachment[]> {
  // The one deliberate exception to rule 1 (ADR 0009, ADR 0017): the claim is made before the
  // send's or edit's COMMIT, so no committed message lacks its references.
  const reply = await allowRemoteInTransaction('attachment claims before COMMIT (ADR 0009)', () => uploads.syncMessageAttachments({ ...req, date_sent: Math.floor(req.date_sent.getTime() / 1000) }));
  return parseJsonReply<{ detached_uploads?: Attachment[] }>(reply).detached_uploads ?? [];
}

/**
 * After the messages' deletion committed: the uploads service drops their references (and
 * the files no other message references), in chunks. A failure is logged with the IDs and
 * swallowed: the messages are gone either way, and a leaked file is better than a lost one.
 */
export async function releaseMessages(uploads: UploadsCall, log: Logger, realmId: number, messageIds: number[]): Promise<void> {
  for (let i = 0; i < messageIds.length; i += RELEASE_CHUNK) {
    const chunk = messageIds.slice(i, i + RELEASE_CHUNK);
    try {
      await uploads.releaseMessages({ realm_id: realmId, message_ids: chunk });
    } catch (err) {
      log.warn({ err, realmId, messageIds: chunk }, 'uploads did not release deleted messages; their files may be kept');
    }
  }
}
