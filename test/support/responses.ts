import type { ApiResponse } from './api';

type Json = Record<string, any>;

/** A success envelope's body (status 200, empty msg), or a failed expectation. */
export function ok(res: ApiResponse): Json {
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body;
}

/** An HTTP 400 error envelope with this msg and code (and these extra fields). */
export function refused(res: ApiResponse, msg: string, code = 'BAD_REQUEST', extra: Json = {}): void {
  expect({ status: res.status, result: res.body.result, code: res.body.code, msg: res.body.msg }).toEqual({ status: 400, result: 'error', code, msg });
  expect(res.body).toMatchObject(extra);
}
