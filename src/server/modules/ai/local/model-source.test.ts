import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LOCAL_MODEL,
  ModelSourceError,
  modelsDirectory,
  resolveModelSource,
} from './model-source.js';

let dataDir: string;
let models: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'model-source-'));
  models = modelsDirectory(dataDir);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function manifestFetch(body: unknown, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('resolveModelSource', () => {
  it('downloads the default model from Hugging Face under node-llama-cpp’s file name', async () => {
    expect(await resolveModelSource(DEFAULT_LOCAL_MODEL, dataDir)).toEqual({
      kind: 'download',
      url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf?download=true',
      fileName: 'hf_Qwen_qwen2.5-1.5b-instruct-q4_k_m.gguf',
      path: path.join(models, 'hf_Qwen_qwen2.5-1.5b-instruct-q4_k_m.gguf'),
    });
  });

  it('uses a model already downloaded into DATA_DIR/models without going online', async () => {
    mkdirSync(models, { recursive: true });
    writeFileSync(path.join(models, 'hf_Qwen_qwen2.5-1.5b-instruct-q4_k_m.gguf'), 'GGUF');
    expect(await resolveModelSource(DEFAULT_LOCAL_MODEL, dataDir)).toEqual({
      kind: 'file',
      path: path.join(models, 'hf_Qwen_qwen2.5-1.5b-instruct-q4_k_m.gguf'),
    });
  });

  it('names files from other repositories, branches and folders as node-llama-cpp does', async () => {
    const cases: [string, string, string][] = [
      [
        'hf:bartowski/Llama-3.2-1B-Instruct-GGUF/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
        'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf?download=true',
        'hf_bartowski_Llama-3.2-1B-Instruct-Q4_K_M.gguf',
      ],
      [
        'hf:someone/tiny-models/stories/stories260K.gguf#v2',
        'https://huggingface.co/someone/tiny-models/resolve/v2/stories/stories260K.gguf?download=true',
        'hf_someone_tiny-models_v2_stories_stories260K.gguf',
      ],
      [
        'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
        'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf?download=true',
        'hf_Qwen_qwen2.5-1.5b-instruct-q4_k_m.gguf',
      ],
    ];
    for (const [uri, url, fileName] of cases) {
      expect(await resolveModelSource(uri, dataDir)).toEqual({
        kind: 'download',
        url,
        fileName,
        path: path.join(models, fileName),
      });
    }
  });

  it('downloads a plain URL under its own file name', async () => {
    expect(await resolveModelSource('http://127.0.0.1:9/files/my%20model.gguf?x=1', dataDir)).toEqual({
      kind: 'download',
      url: 'http://127.0.0.1:9/files/my%20model.gguf?x=1',
      fileName: 'my model.gguf',
      path: path.join(models, 'my model.gguf'),
    });
    expect(await resolveModelSource('https://example.test/download', dataDir)).toMatchObject({
      fileName: 'download.gguf',
    });
  });

  it('takes a path as it is: absolute, relative to the working directory, or a file name in DATA_DIR/models', async () => {
    expect(await resolveModelSource('/models/x.gguf', dataDir)).toEqual({
      kind: 'file',
      path: '/models/x.gguf',
    });
    expect(await resolveModelSource('sub/x.gguf', dataDir, { cwd: '/srv/app' })).toEqual({
      kind: 'file',
      path: '/srv/app/sub/x.gguf',
    });
    mkdirSync(models, { recursive: true });
    writeFileSync(path.join(models, 'mine.gguf'), 'GGUF');
    expect(await resolveModelSource('mine.gguf', dataDir, { cwd: '/srv/app' })).toEqual({
      kind: 'file',
      path: path.join(models, 'mine.gguf'),
    });
  });

  it('asks Hugging Face which file holds hf:user/repo:quant', async () => {
    const fetch = manifestFetch({ ggufFile: { rfilename: 'Qwen2.5-0.5B-Instruct-Q4_K_M.gguf' } });
    const source = await resolveModelSource('hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:q4_k_m', dataDir, {
      fetch,
    });

    expect(fetch).toHaveBeenCalledWith(
      'https://huggingface.co/v2/bartowski/Qwen2.5-0.5B-Instruct-GGUF/manifests/q4_k_m',
      expect.objectContaining({ headers: { 'User-Agent': 'llama-cpp' } }),
    );
    expect(source).toEqual({
      kind: 'download',
      url: 'https://huggingface.co/bartowski/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf?download=true',
      fileName: 'hf_bartowski_Qwen2.5-0.5B-Instruct.Q4_K_M.gguf',
      path: path.join(models, 'hf_bartowski_Qwen2.5-0.5B-Instruct.Q4_K_M.gguf'),
    });
  });

  it('finds an hf:user/repo:quant model on disk without asking Hugging Face', async () => {
    mkdirSync(models, { recursive: true });
    writeFileSync(path.join(models, 'hf_bartowski_Qwen2.5-0.5B-Instruct.Q4_K_M.gguf'), 'GGUF');
    const fetch = manifestFetch({});
    expect(
      await resolveModelSource('hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M', dataDir, { fetch }),
    ).toEqual({
      kind: 'file',
      path: path.join(models, 'hf_bartowski_Qwen2.5-0.5B-Instruct.Q4_K_M.gguf'),
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says where to put the file when Hugging Face cannot be asked', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const failed = resolveModelSource('hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M', dataDir, { fetch });
    await expect(failed).rejects.toBeInstanceOf(ModelSourceError);
    await expect(failed).rejects.toThrow(
      `Put the .gguf file at ${path.join(models, 'hf_bartowski_Qwen2.5-0.5B-Instruct.Q4_K_M.gguf')}`,
    );
    await expect(failed).rejects.toThrow(/LOCAL_MODEL.*AI_PROVIDER/);
  });

  it('rejects values it cannot use, naming LOCAL_MODEL', async () => {
    await expect(resolveModelSource('', dataDir)).rejects.toThrow(/LOCAL_MODEL is empty/);
    await expect(resolveModelSource('ftp://example.test/m.gguf', dataDir)).rejects.toThrow(/LOCAL_MODEL/);
    await expect(resolveModelSource('hf:only-a-user', dataDir)).rejects.toThrow(
      /not a valid Hugging Face URI/,
    );
  });
});
