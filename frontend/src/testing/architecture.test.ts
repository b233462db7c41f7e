import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * The layout rules of STYLE §12 that a linter would otherwise check: features do not import each other,
 * admin-only code stays out of the app build, imports use the `@/` alias, and file names are kebab-case;
 * and rules of this project: tooltips come from components/ui/tooltip.tsx and dates are formatted by
 * lib/dates.ts (spec §9's delays and locales).
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({
  file: path.relative(SRC, file),
  imports: [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*(?:\/\*.*?\*\/\s*)?)'([^']+)'/g)].map(
    (match) => match[1] ?? '',
  ),
}));

describe('source layout', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('has no imports from one feature into another', () => {
    const crossings = files.flatMap(({ file, imports }) => {
      const own = /^features\/([^/]+)\//.exec(file)?.[1];
      if (!own) return [];
      return imports
        .map((spec) => /^@\/features\/([^/]+)\//.exec(spec)?.[1])
        .filter((other) => other !== undefined && other !== own)
        .map((other) => `${file} -> features/${other}`);
    });
    expect(crossings).toEqual([]);
  });

  it('keeps the admin build out of the app build', () => {
    const leaks = files
      .filter(({ file }) => !file.startsWith('app-admin/'))
      .flatMap(({ file, imports }) => imports.filter((spec) => spec.startsWith('@/app-admin')).map((spec) => `${file} -> ${spec}`));
    expect(leaks).toEqual([]);
  });

  it('keeps admin-only code (features/admin, config/admin-paths) to the admin build and its tests', () => {
    const adminOnly = (spec: string) => spec.startsWith('@/features/admin/') || spec === '@/config/admin-paths';
    const mayImport = (file: string) =>
      file.startsWith(`app-admin${path.sep}`) ||
      file.startsWith(`features${path.sep}admin${path.sep}`) ||
      file.startsWith(`testing${path.sep}`) ||
      file === path.join('config', 'admin-paths.ts');
    const leaks = files
      .filter(({ file }) => !mayImport(file))
      .flatMap(({ file, imports }) => imports.filter(adminOnly).map((spec) => `${file} -> ${spec}`));
    expect(leaks).toEqual([]);
  });

  it('imports project files through @/ rather than relative paths', () => {
    const relative = files.flatMap(({ file, imports }) =>
      imports.filter((spec) => spec.startsWith('.')).map((spec) => `${file} -> ${spec}`),
    );
    expect(relative).toEqual([]);
  });

  it("takes tooltips from components/ui/tooltip, which adds the spec's skip delay to MUI's", () => {
    const direct = files
      .filter(({ file }) => file !== path.join('components', 'ui', 'tooltip.tsx'))
      .flatMap(({ file, imports }) =>
        imports.filter((spec) => spec === '@mui/material/Tooltip').map((spec) => `${file} -> ${spec}`),
      );
    expect(direct).toEqual([]);
  });

  it('formats dates only in lib/dates.ts (spec §9: ja and en-US, weeks from Sunday)', () => {
    const elsewhere = sourceFiles(SRC)
      .filter((file) => !/\.test\.tsx?$/.test(file) && path.relative(SRC, file) !== path.join('lib', 'dates.ts'))
      .filter((file) => /Intl\.DateTimeFormat|toLocale(Date)?String\(|toLocaleTimeString\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(elsewhere).toEqual([]);
  });

  it('names files in kebab-case', () => {
    const badNames = files
      .map(({ file }) => path.basename(file))
      .filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*\.(ts|tsx)$/.test(name));
    expect(badNames).toEqual([]);
  });
});
