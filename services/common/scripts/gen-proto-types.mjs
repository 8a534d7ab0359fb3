// Generates TypeScript types for every proto under protos/ into services/common/src/generated,
// with the same options the loader uses at run time (services/common/src/grpc/protos.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const protoRoot = join(root, 'protos');
const outDir = join(root, 'services/common/src/generated');

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.proto') ? [path] : [];
  });

rmSync(outDir, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    // The proto-loader that services/common loads at run time, not another copy in the tree.
    createRequire(join(root, 'services/common/package.json')).resolve('@grpc/proto-loader/build/bin/proto-loader-gen-types.js'),
    '--keepCase',
    '--longs=Number',
    '--enums=String',
    '--defaults',
    '--oneofs',
    '--arrays',
    '--grpcLib=@grpc/grpc-js',
    `--outDir=${outDir}`,
    ...walk(protoRoot).map((f) => relative(protoRoot, f)),
    '--includeDirs',
    protoRoot, // last: an array option swallows the arguments after it
  ],
  { stdio: 'inherit', cwd: protoRoot },
);
