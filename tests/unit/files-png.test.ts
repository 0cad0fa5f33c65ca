import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPng } from '../../server/lib/png';
import { DiskFileStorage } from '../../server/services/file-storage';
import { makePng } from '../api/png-fixture';

describe('readPng', () => {
  it('reads the size of a sound PNG', () => {
    expect(readPng(makePng(30, 20))).toEqual({ width: 30, height: 20 });
  });
  it('refuses what is not a sound PNG', () => {
    const good = makePng(10, 10);
    expect(readPng(Buffer.from('not a png'))).toBeNull();
    expect(readPng(good.subarray(0, good.length - 4))).toBeNull();
    expect(readPng(Buffer.concat([good, Buffer.from('trailing')]))).toBeNull();
    const flipped = Buffer.from(good);
    flipped[20] ^= 1;
    expect(readPng(flipped)).toBeNull();
    expect(readPng(makePng(4097, 1))).toBeNull();
  });
});

describe('DiskFileStorage', () => {
  it('writes, reads and deletes; missing files are null', async () => {
    const root = mkdtempSync(join(tmpdir(), 'px-store-'));
    const store = new DiskFileStorage(root);
    await store.put('avatars/1.png', Buffer.from('abc'));
    expect((await store.get('avatars/1.png'))?.toString()).toBe('abc');
    expect(readdirSync(join(root, 'avatars'))).toEqual(['1.png']); // no temporary file left behind
    await store.delete('avatars/1.png');
    expect(await store.get('avatars/1.png')).toBeNull();
    await store.delete('avatars/1.png');
  });
  it('refuses keys that leave its folder', async () => {
    const store = new DiskFileStorage(mkdtempSync(join(tmpdir(), 'px-store-')));
    await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(store.get('/abs')).rejects.toThrow(/unsafe/);
  });
});
