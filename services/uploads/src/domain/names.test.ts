import { contentDisposition, MAX_FILE_NAME_BYTES, newPathId, parsePathId, sanitizeFileName, servedAs, storedContentType } from './names';

describe('sanitizeFileName', () => {
  it.each([
    ['notes.txt', 'notes.txt'],
    ['a/b\\c.txt', 'abc.txt'],
    ['../../etc/passwd', '....etcpasswd'],
    ['nul\0byte.txt', 'nulbyte.txt'],
    ['bell\u0007 and\nnewline.txt', 'bell-and-newline.txt'],
    ['spaces   and---dashes.txt', 'spaces-and-dashes.txt'],
    ['  padded .txt  ', 'padded-.txt'],
    ['ｆｕｌｌｗｉｄｔｈ.txt', 'fullwidth.txt'],
    ['日本語 ファイル.pdf', '日本語-ファイル.pdf'],
    ['', 'uploaded-file'],
    ['.', 'uploaded-file'],
    ['...', 'uploaded-file'],
    ['<>:"|?*', 'uploaded-file'],
  ])('%j → %j', (given, stored) => {
    expect(sanitizeFileName(given)).toBe(stored);
  });

  it('bounds the length in bytes, keeping the extension and whole characters', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.jpeg`);
    expect(Buffer.byteLength(name)).toBe(MAX_FILE_NAME_BYTES);
    expect(name.endsWith('.jpeg')).toBe(true);
    expect(sanitizeFileName('é'.repeat(300))).toBe('é'.repeat(MAX_FILE_NAME_BYTES / 2));
    expect(sanitizeFileName(`${'日'.repeat(100)}.txt`)).toBe(`${'日'.repeat(65)}.txt`);
  });
});

describe('path ids', () => {
  it('are <realm>/<2 random>/<24 random>/<name>, different every time', () => {
    const a = newPathId(7, 'x.txt');
    expect(a).toMatch(/^7\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{24}\/x\.txt$/);
    expect(newPathId(7, 'x.txt')).not.toBe(a);
  });

  it('parse only well-formed paths: a realm, segments, no dot segments', () => {
    expect(parsePathId('7/ab/cd/x.txt')).toEqual({ realmId: 7, pathId: '7/ab/cd/x.txt' });
    for (const bad of ['7/x.txt', 'x/ab/cd/e.txt', '7/../cd/e.txt', '7/ab/./e.txt', '7//cd/e.txt', '7/ab\\cd/e.txt', '7/ab/cd/e\0.txt', '']) {
      expect(parsePathId(bad)).toBeUndefined();
    }
  });
});

describe('serving headers', () => {
  it('shows safe types inline and everything else as a download', () => {
    expect(contentDisposition('image/png', 'a.png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
    expect(contentDisposition('text/html', 'a.html')).toMatch(/^attachment; /);
    expect(contentDisposition('image/svg+xml', 'a.svg')).toMatch(/^attachment; /);
  });

  it('serves inert types as themselves and every other type as application/octet-stream, an attachment', () => {
    for (const type of ['image/png', 'image/jpeg', 'audio/mpeg', 'video/mp4', 'application/pdf', 'text/plain']) {
      expect(servedAs(type, 'f')).toEqual({ contentType: type, disposition: `inline; filename="f"; filename*=UTF-8''f` });
    }
    for (const type of [
      'text/javascript',
      'application/javascript',
      'text/css',
      'text/html',
      'image/svg+xml',
      'application/xml',
      'text/xml',
      'application/xhtml+xml',
      'application/wasm',
      'text/markdown',
    ]) {
      expect([type, servedAs(type, 'f')]).toEqual([type, { contentType: 'application/octet-stream', disposition: `attachment; filename="f"; filename*=UTF-8''f` }]);
    }
  });

  it('quotes non-ASCII names safely', () => {
    expect(contentDisposition('application/zip', 'ça "va".zip')).toBe(`attachment; filename="_a _va_.zip"; filename*=UTF-8''%C3%A7a%20%22va%22.zip`);
  });

  it('keeps a plausible declared type, else guesses from the name', () => {
    expect(storedContentType('image/png', 'x.bin')).toBe('image/png');
    expect(storedContentType('application/octet-stream', 'x.pdf')).toBe('application/pdf');
    expect(storedContentType('not a type', 'x.unknown')).toBe('application/octet-stream');
    expect(storedContentType(undefined, 'x.TXT')).toBe('text/plain');
  });
});
