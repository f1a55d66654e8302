/**
 * Go files that `go build` leaves out on this machine: a `//go:build` (or `// +build`) constraint at the top,
 * or a `_<os>.go` / `_<arch>.go` name for another target. The checker builds for the host, so a break there is
 * never reported. The host's own OS and architecture (`linux`, `amd64`) are not guards.
 */
import os from 'node:os';
import path from 'node:path';

const GOOS = ['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd', 'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos'];
const GOARCH = ['386', 'amd64', 'arm', 'arm64', 'loong64', 'mips', 'mips64', 'mips64le', 'mipsle', 'ppc64', 'ppc64le', 'riscv64', 's390x', 'wasm'];
const HOST_OS = process.platform === 'win32' ? 'windows' : process.platform;
const HOST_ARCH = ({ x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' } as Record<string, string>)[os.arch()] ?? os.arch();

/** The constraint of `file` (repository-relative), as written, when it may leave the file out of this machine's build; null otherwise. */
export function goBuildConstraint(lines: readonly string[], _line: number, file: string): string | null {
  for (const text of lines) {
    const t = text.trim();
    if (t.startsWith('package ')) break;
    const m = /^\/\/(?:go:build|\s*\+build)\s+(.+)$/.exec(t);
    // A constraint the host meets by its own name alone (`linux`, `amd64`, `linux && amd64`) is not a guard.
    if (m?.[1] && !m[1].split(/\s*&&\s*/).every((term) => term === HOST_OS || term === HOST_ARCH || term === 'unix' || term === 'gc')) return t;
  }
  // go's rule: `*_GOOS`, `*_GOARCH` or `*_GOOS_GOARCH` (before `_test`), never a name's first part.
  const parts = path.basename(file, '.go').split('_');
  if (parts.at(-1) === 'test') parts.pop();
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const before = parts.length > 2 ? parts[parts.length - 2] : undefined;
  let goos: string | undefined;
  let goarch: string | undefined;
  if (last !== undefined && GOARCH.includes(last)) {
    goarch = last;
    if (before !== undefined && GOOS.includes(before)) goos = before;
  } else if (last !== undefined && GOOS.includes(last)) goos = last;
  if ((goos === undefined || goos === HOST_OS) && (goarch === undefined || goarch === HOST_ARCH)) return null;
  return `the file name's \`_${[goos, goarch].filter(Boolean).join('_')}\` suffix`;
}
