// The TypeScript compiler, in the process that needs it, for every type-check of a run: the project, the docs'
// examples, the code blocks of README and the reference pages, the build's declarations, the built declarations under
// exactOptionalPropertyTypes, an app's TypeScript against the packed package. Programs of one process share what they
// have in common (lib.dom, @types/node, React's types, src/), parsed and bound once, as tsserver shares them across
// projects: a file is reused only by programs whose options parse it alike (the document registry's key).
import { resolve } from 'node:path';
import ts from 'typescript';

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** Prints diagnostics as `tsc` does (with context on a terminal) and returns how many there were. */
export function report(diagnostics) {
  if (diagnostics.length === 0) return 0;
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  console.error(format(diagnostics, formatHost));
  return diagnostics.length;
}

/** The options and files of a tsconfig, as `tsc -p` reads them. */
export function readConfig(path) {
  let unrecoverable;
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(path),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => (unrecoverable = d) },
  );
  if (!parsed) {
    report([unrecoverable]);
    process.exit(1);
  }
  return parsed;
}

export function createCompiler() {
  const registry = ts.createDocumentRegistry();
  const parsed = new Map();

  /**
   * A program over `rootNames`; `files` are sources held in memory (generated ones), by absolute path.
   * @param {ts.CompilerOptions} options
   * @param {string[]} rootNames
   * @param {Map<string, string>} [files]
   */
  function program(options, rootNames, files = new Map()) {
    const host = ts.createCompilerHost(options);
    const bucket = registry.getKeyForCompilationSettings(options);
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
    host.readFile = (fileName) => files.get(fileName) ?? readFile(fileName);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const text = files.get(fileName);
      if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion);
      const format = typeof languageVersion === 'object' ? languageVersion.impliedNodeFormat : undefined;
      const key = `${bucket}\0${format}\0${fileName}`;
      if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, onError, shouldCreate));
      return parsed.get(key);
    };
    return ts.createProgram({ rootNames, options, host });
  }

  /**
   * Type-checks a tsconfig's project as `tsc -p <config> --noEmit` does; with `only`, reports just the files the
   * config itself includes (what they import is checked where it is itself included). Returns the error count.
   */
  function check(configPath, { only = false } = {}) {
    const config = readConfig(configPath);
    const built = program({ ...config.options, noEmit: true }, config.fileNames);
    const own = new Set(config.fileNames.map((f) => resolve(f)));
    const files = only ? built.getSourceFiles().filter((f) => own.has(resolve(f.fileName))) : undefined;
    return report([...config.errors, ...diagnosticsOf(built, files)]);
  }

  /**
   * Emits a tsconfig's declarations (`tsc -p <config> --noCheck`: the type errors of the sources are the type-check's,
   * which includes them; what declaration emit cannot express is still reported). Returns the error count.
   */
  function emit(configPath) {
    const config = readConfig(configPath);
    const built = program({ ...config.options, noCheck: true }, config.fileNames);
    const emitted = built.emit();
    return report([
      ...config.errors,
      ...built.getOptionsDiagnostics(),
      ...built.getSyntacticDiagnostics(),
      ...emitted.diagnostics,
    ]);
  }

  return { program, check, emit };
}

/** What `tsc` reports before it emits, for the whole program or for `files` of it. */
export function diagnosticsOf(built, files = [undefined]) {
  return ts.sortAndDeduplicateDiagnostics([
    ...built.getOptionsDiagnostics(),
    ...built.getGlobalDiagnostics(),
    ...files.flatMap((file) => [...built.getSyntacticDiagnostics(file), ...built.getSemanticDiagnostics(file)]),
  ]);
}

/** Where a diagnostic points, 1-based, or undefined for a global one. */
export function lineOf(diagnostic) {
  if (!diagnostic.file || diagnostic.start === undefined) return undefined;
  return diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
}

export const messageOf = (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
