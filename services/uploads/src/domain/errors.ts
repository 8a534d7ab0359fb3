import { ApiError, BadRequestError, NotFoundError } from '@parley/common';

/** A file that does not exist, or lives in another realm (told apart from nothing). */
export class FileNotFoundError extends NotFoundError {
  constructor() {
    super('File not found.');
  }
}

/** A file the caller may not read yet: not theirs, and in no message they may read. */
export class FileForbiddenError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'You are not authorized to view this file.', 403);
  }
}

/** An upload past the bytes one user's uploads may take in all (MAX_UPLOAD_MIB_PER_USER). */
export class UploadQuotaError extends BadRequestError {
  constructor(mib: number) {
    super(`Upload would exceed your upload quota (${mib} MiB in all). Delete some of your uploads to make room.`);
  }
}

/** An upload past the number of uploads one user may keep (MAX_UPLOADS_PER_USER). */
export class UploadCountError extends BadRequestError {
  constructor(max: number) {
    super(`Upload would exceed your limit of ${max} uploads. Delete some of your uploads to make room.`);
  }
}

export class FileTooLargeError extends BadRequestError {
  constructor(mib: number) {
    super(`File is larger than this server's configured maximum upload size (${mib} MiB).`);
  }
}
