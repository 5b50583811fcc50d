import { existsSync } from 'node:fs';
import path from 'node:path';

// Kept free of node-llama-cpp imports: config code reads DEFAULT_LOCAL_MODEL without loading the native runtime.

/**
 * The model LOCAL_MODEL defaults to: Qwen2.5 1.5B Instruct at Q4_K_M from Qwen's own GGUF repository.
 * Why this one: docs/decisions/004-default-local-model.md.
 */
export const DEFAULT_LOCAL_MODEL = 'hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf';

const HUGGING_FACE = 'https://huggingface.co/';
const DEFAULT_BRANCH = 'main';

/** Where a model comes from: a file on this machine, or a URL to download into DATA_DIR/models once. */
export type ModelSource =
  { kind: 'file'; path: string } | { kind: 'download'; url: string; fileName: string; path: string };

/** LOCAL_MODEL cannot be turned into a model file; the message says what to change. */
export class ModelSourceError extends Error {}

export interface ResolveModelSourceOptions {
  /** Base for relative paths; the process's working directory by default. */
  cwd?: string;
  /** Hugging Face's address, with a trailing slash. */
  huggingFaceEndpoint?: string;
  /** Used only for `hf:user/repo:quant`, which needs Hugging Face to say which file holds that quant. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** DATA_DIR/models, where downloaded models live. */
export function modelsDirectory(dataDir: string): string {
  return path.resolve(dataDir, 'models');
}

/** `hf:user/repo:quant`: which file holds the quant is known only after asking Hugging Face (resolveHuggingFaceRepo). */
export interface HuggingFaceRepoSource {
  kind: 'huggingface-repo';
  uri: string;
  user: string;
  repo: string;
  tag: string;
  prefix: string;
  baseName: string;
}

/**
 * Turns LOCAL_MODEL into a file to load or a URL to download. Accepts a path to a .gguf file, an http(s) URL,
 * or a Hugging Face URI as node-llama-cpp spells them: `hf:user/repo/file.gguf` (optionally `#branch`) or
 * `hf:user/repo:quant`. Downloads are named as node-llama-cpp names them (`hf_user_file.gguf`), so a file
 * fetched with `npx node-llama-cpp pull --dir DATA_DIR/models <uri>` is found too. An already downloaded
 * model resolves to `kind: 'file'` without touching the network.
 */
export async function resolveModelSource(
  value: string,
  dataDir: string,
  options: ResolveModelSourceOptions = {},
): Promise<ModelSource> {
  const parsed = parseModelSource(value, dataDir, options);
  return parsed.kind === 'huggingface-repo' ? resolveHuggingFaceRepo(parsed, dataDir, options) : parsed;
}

/** resolveModelSource without the network: everything but `hf:user/repo:quant` resolves here, synchronously. */
export function parseModelSource(
  value: string,
  dataDir: string,
  options: Pick<ResolveModelSourceOptions, 'cwd' | 'huggingFaceEndpoint'> = {},
): ModelSource | HuggingFaceRepoSource {
  const spec = value.trim();
  const modelsDir = modelsDirectory(dataDir);
  const endpoint = options.huggingFaceEndpoint ?? HUGGING_FACE;
  if (spec === '')
    throw new ModelSourceError('LOCAL_MODEL is empty. Set it to a .gguf file, a URL or an hf: URI.');

  const hfContent = huggingFaceContent(spec, endpoint);
  if (hfContent !== undefined) {
    const parsed = parseHuggingFace(hfContent, spec, endpoint);
    return parsed.kind === 'file-uri' ? downloadOrExisting(parsed.url, parsed.fileName, modelsDir) : parsed;
  }
  if (/^https?:\/\//i.test(spec)) return downloadOrExisting(spec, fileNameFromUrl(spec), modelsDir);
  if (/^[a-z][a-z\d+.-]+:\/\//i.test(spec)) {
    throw new ModelSourceError(
      `LOCAL_MODEL "${spec}" uses an address type this server cannot download. ` +
        'Set LOCAL_MODEL to a .gguf file, an http(s) URL or an hf: URI.',
    );
  }
  return { kind: 'file', path: resolveLocalPath(spec, modelsDir, options.cwd ?? process.cwd()) };
}

/** A relative path is taken from the working directory, then from DATA_DIR/models (so a bare file name works). */
function resolveLocalPath(spec: string, modelsDir: string, cwd: string): string {
  const fromCwd = path.resolve(cwd, spec);
  if (path.isAbsolute(spec) || existsSync(fromCwd)) return fromCwd;
  const fromModels = path.resolve(modelsDir, spec);
  return existsSync(fromModels) ? fromModels : fromCwd;
}

function downloadOrExisting(url: string, fileName: string, modelsDir: string): ModelSource {
  const target = path.join(modelsDir, fileName);
  return existsSync(target)
    ? { kind: 'file', path: target }
    : { kind: 'download', url, fileName, path: target };
}

/** The part after the scheme of a Hugging Face URI or web address, or undefined when it is not one. */
function huggingFaceContent(spec: string, endpoint: string): string | undefined {
  for (const prefix of ['hf://', 'huggingface://', 'hf:', 'huggingface:', 'hf.co/', 'huggingface.co/']) {
    if (spec.startsWith(prefix)) return spec.slice(prefix.length);
  }
  // https://huggingface.co/user/repo/resolve/branch/file.gguf names the same file as hf:user/repo/file.gguf#branch.
  if (!spec.toLowerCase().startsWith(endpoint.toLowerCase())) return undefined;
  const [user, repo, resolve, branch, ...rest] = new URL(spec).pathname.split('/').slice(1);
  if (!user || !repo || resolve !== 'resolve' || !branch || rest.length === 0) return undefined;
  const file = rest.map(decodeURIComponent).join('/');
  return `${decodeURIComponent(user)}/${decodeURIComponent(repo)}/${file}${branch === DEFAULT_BRANCH ? '' : `#${branch}`}`;
}

type ParsedHuggingFace = { kind: 'file-uri'; url: string; fileName: string } | HuggingFaceRepoSource;

function parseHuggingFace(content: string, spec: string, endpoint: string): ParsedHuggingFace {
  const [user = '', repoPart = '', ...pathParts] = content.split('/');
  let rest = pathParts.join('/');
  const invalid = () =>
    new ModelSourceError(
      `LOCAL_MODEL "${spec}" is not a valid Hugging Face URI. ` +
        'Use hf:<user>/<repo>/<file>.gguf or hf:<user>/<repo>:<quant>, for example ' +
        `${DEFAULT_LOCAL_MODEL}.`,
    );
  if (user === '' || repoPart === '') throw invalid();

  if (rest === '' || repoPart.includes(':')) {
    const [repo = '', ...tagParts] = repoPart.split(':');
    if (repo === '') throw invalid();
    const baseName = safeFileName(
      repo.toLowerCase().endsWith('-gguf') ? repo.slice(0, -'-gguf'.length) : repo,
    );
    const tag = tagParts.join(':').trim();
    const prefix = filePrefix(user, repo, DEFAULT_BRANCH, [], `${baseName}.gguf`);
    return { kind: 'huggingface-repo', uri: spec, user, repo, tag, prefix, baseName };
  }

  let branch = DEFAULT_BRANCH;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    branch = rest.slice(hash + 1) || DEFAULT_BRANCH;
    rest = rest.slice(0, hash);
  }
  const fileParts = rest.split('/').filter((part) => part !== '');
  const file = fileParts.at(-1);
  if (file === undefined) throw invalid();
  const url = `${endpoint}${encodeURIComponent(user)}/${encodeURIComponent(repoPart)}/resolve/${encodeURIComponent(branch)}/${fileParts.map(encodeURIComponent).join('/')}?download=true`;
  const fileName = ensureGgufExtension(safeFileName(file));
  return {
    kind: 'file-uri',
    url,
    fileName: filePrefix(user, repoPart, branch, fileParts.slice(0, -1), fileName) + fileName,
  };
}

/** node-llama-cpp's naming: `hf_<user>_`, plus the repository when the file is not named after it, branch and folders. */
function filePrefix(user: string, repo: string, branch: string, folders: string[], fileName: string): string {
  const parts = ['hf', safeFileName(user)];
  if (!startsWithRepoName(fileName, repo) || branch !== DEFAULT_BRANCH) parts.push(safeFileName(repo));
  if (branch !== DEFAULT_BRANCH) parts.push(safeFileName(branch));
  const last = folders.at(-1);
  const keptFolders =
    last !== undefined && last.toLowerCase() === fileName.slice(0, -'.gguf'.length).toLowerCase()
      ? folders.slice(0, -1)
      : folders;
  if (keptFolders.length > 0) parts.push(safeFileName(keptFolders.join('__')));
  return `${parts.join('_')}_`;
}

function startsWithRepoName(fileName: string, repo: string): boolean {
  if (!repo.toLowerCase().endsWith('-gguf') || !fileName.toLowerCase().endsWith('.gguf')) return false;
  return fileName.toLowerCase().startsWith(repo.slice(0, -'-gguf'.length).toLowerCase());
}

const QUANT_IN_FILE_NAME = /[.-](I?Q\d\w*|F16|BF16|F32)(?:-\d{5}-of-\d{5})?\.gguf$/i;

/** `hf:user/repo:quant` names no file: Hugging Face's manifest (the API llama.cpp uses) says which one holds it. */
export async function resolveHuggingFaceRepo(
  parsed: HuggingFaceRepoSource,
  dataDir: string,
  options: ResolveModelSourceOptions = {},
): Promise<ModelSource> {
  const { user, repo, tag, prefix, baseName } = parsed;
  const modelsDir = modelsDirectory(dataDir);
  const endpoint = options.huggingFaceEndpoint ?? HUGGING_FACE;
  const quant = tag === '' || tag.toLowerCase() === 'latest' ? '' : tag.toUpperCase();
  const expected = quant
    ? [`${prefix}${baseName}.${quant}.gguf`]
    : [`${prefix}${baseName}.Q4_K_M.gguf`, `${prefix}${baseName}.gguf`];
  for (const name of expected) {
    const existing = path.join(modelsDir, name);
    if (existsSync(existing)) return { kind: 'file', path: existing };
  }

  const manifestUrl = `${endpoint}v2/${encodeURIComponent(user)}/${encodeURIComponent(repo)}/manifests/${encodeURIComponent(tag || 'latest')}`;
  const cannot = (reason: string) =>
    new ModelSourceError(
      `Could not find out which file holds ${parsed.uri} (${reason}). ` +
        `Put the .gguf file at ${path.join(modelsDir, expected[0] ?? '')}, set LOCAL_MODEL to a .gguf file, ` +
        'a URL or hf:<user>/<repo>/<file>.gguf, or set AI_PROVIDER to a hosted provider.',
    );
  let rfilename: unknown;
  try {
    const response = await (options.fetch ?? fetch)(manifestUrl, {
      // Hugging Face includes the ggufFile field only for llama.cpp's user agent.
      headers: { 'User-Agent': 'llama-cpp' },
      signal: options.signal,
    });
    if (!response.ok) throw cannot(`Hugging Face answered ${response.status} ${response.statusText}`.trim());
    const manifest = (await response.json()) as { ggufFile?: { rfilename?: unknown } };
    rfilename = manifest.ggufFile?.rfilename;
  } catch (error) {
    if (error instanceof ModelSourceError) throw error;
    if (options.signal?.aborted) throw error;
    throw cannot(error instanceof Error ? error.message : String(error));
  }
  if (typeof rfilename !== 'string' || !rfilename.toLowerCase().endsWith('.gguf')) {
    throw cannot('Hugging Face did not name a .gguf file for it');
  }
  if (/-\d{5}-of-\d{5}\.gguf$/i.test(rfilename)) {
    throw cannot(`it is split into several files (${rfilename}); pick a smaller quant`);
  }
  const fileQuant = rfilename.toLowerCase().includes('q4_k_m')
    ? 'Q4_K_M'
    : (QUANT_IN_FILE_NAME.exec(rfilename)?.[1]?.toUpperCase() ?? '');
  const resolvedQuant = quant || fileQuant;
  const fileName = `${prefix}${baseName}${resolvedQuant ? `.${resolvedQuant}` : ''}.gguf`;
  const url = `${endpoint}${encodeURIComponent(user)}/${encodeURIComponent(repo)}/resolve/${DEFAULT_BRANCH}/${rfilename.split('/').map(encodeURIComponent).join('/')}?download=true`;
  return downloadOrExisting(url, fileName, modelsDir);
}

function fileNameFromUrl(url: string): string {
  const last =
    new URL(url).pathname
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? 'model';
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  return ensureGgufExtension(safeFileName(name));
}

function ensureGgufExtension(name: string): string {
  return name.toLowerCase().endsWith('.gguf') ? name : `${name}.gguf`;
}

/** Like filenamify, which node-llama-cpp uses: characters a file system rejects become "!". */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = name.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '!').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'model' : cleaned;
}
