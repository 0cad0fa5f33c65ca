import { z } from 'zod';
import { whileProjectOpen, type RuleResult } from './projectState';
import type { UnitContext, UnitVariant } from './projectUnits';
import { MESSAGE, requiredOr } from './validation';

/** Limits of project files (the API refuses beyond them, the card says so before uploading). */
export const PROJECT_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const PROJECT_UPLOAD_MAX_FILES = 20;
/** One upload request carries at most this much (several files at once). */
export const PROJECT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const PROJECT_FILE_NAME_MAX = 200;
export const DOWNLOAD_SELECTION_MAX = 500;
export const DOWNLOAD_EXPIRY_MINUTES = 10;

type Sniff = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'ifc' | 'dwg' | 'dxf' | 'zip' | 'text';

/** Allowed file types by extension: the content type the portal serves and the check of the first bytes. */
export const PROJECT_FILE_TYPES: Record<string, { contentType: string; sniff: Sniff }> = {
  pdf: { contentType: 'application/pdf', sniff: 'pdf' },
  png: { contentType: 'image/png', sniff: 'png' },
  jpg: { contentType: 'image/jpeg', sniff: 'jpeg' },
  jpeg: { contentType: 'image/jpeg', sniff: 'jpeg' },
  gif: { contentType: 'image/gif', sniff: 'gif' },
  webp: { contentType: 'image/webp', sniff: 'webp' },
  ifc: { contentType: 'application/x-step', sniff: 'ifc' },
  dwg: { contentType: 'image/vnd.dwg', sniff: 'dwg' },
  dxf: { contentType: 'image/vnd.dxf', sniff: 'dxf' },
  zip: { contentType: 'application/zip', sniff: 'zip' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: 'zip' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: 'zip' },
  txt: { contentType: 'text/plain', sniff: 'text' },
  csv: { contentType: 'text/csv', sniff: 'text' },
};
export const PROJECT_FILE_EXTENSIONS = Object.keys(PROJECT_FILE_TYPES);
/** For the file picker. */
export const PROJECT_FILE_ACCEPT = PROJECT_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** A file of a unit as `GET api/file/{root}/{unit}` answers it. */
export interface ProjectFile {
  id: number;
  projectFileID: number;
  projectUnitID: number;
  name: string;
  size: number;
  contentType: string;
  createdAt: string;
  uploadedByID: number | null;
  uploadedBy: string;
  /** The deletion rule, evaluated for the caller. */
  canDelete: boolean;
}

export interface FileTreeFile {
  projectFileID: number;
  name: string;
  size: number;
  selected: boolean;
}

/** A unit of the download dialog's tree: only units with files in them or below them. */
export interface FileTreeNode {
  projectUnitID: number;
  title: string;
  projectUnitNo: string;
  children: FileTreeNode[];
  files: FileTreeFile[];
}

export interface DownloadRequestItem {
  projectUnitID: number;
  fileID: number;
  fileName: string;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedExtension(name: string): boolean {
  return Object.hasOwn(PROJECT_FILE_TYPES, fileExtension(name));
}

// Control characters, C1 controls and bidirectional overrides that could disguise a name.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is kept under: no path parts, no control characters, no characters Windows refuses,
 * at most 200 characters with the extension kept. Null when nothing usable is left.
 */
export function sanitizeFileName(raw: string): string | null {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const name = base
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (!name) return null;
  const characters = Array.from(name);
  if (characters.length <= PROJECT_FILE_NAME_MAX) return name;
  const extension = fileExtension(name);
  const suffix = extension ? `.${extension}` : '';
  return `${characters.slice(0, PROJECT_FILE_NAME_MAX - suffix.length).join('').trimEnd()}${suffix}`;
}

const ascii = (bytes: Uint8Array, start: number, text: string) => text.split('').every((ch, i) => bytes[start + i] === ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, values: number[]) => values.every((value, i) => bytes[i] === value);

/** Text as people save it (UTF-8 or a single-byte code page): no NUL and hardly any control bytes. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  return sample.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x1a || byte === 0x1b);
}

function skipBom(bytes: Uint8Array): Uint8Array {
  return startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
}

/** Whether the first bytes are what the extension promises (a renamed file is refused). */
export function contentMatchesExtension(name: string, bytes: Uint8Array): boolean {
  const type = PROJECT_FILE_TYPES[fileExtension(name)];
  if (!type || bytes.length === 0) return false;
  switch (type.sniff) {
    case 'pdf': {
      // Readers accept up to 1 KB of leading bytes before the header.
      const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
      return head.includes('%PDF-');
    }
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(bytes, 12, 'IHDR');
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif':
      return ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a');
    case 'webp':
      return ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP');
    case 'ifc':
      return ascii(skipBom(bytes), 0, 'ISO-10303-21');
    case 'dwg':
      return ascii(bytes, 0, 'AC10');
    case 'dxf': {
      if (ascii(bytes, 0, 'AutoCAD Binary DXF')) return true;
      const text = skipBom(bytes);
      // A text DXF starts with a group code (a number) on its own line.
      return looksLikeText(text) && /^\s*\d{1,4}[ \t]*\r?\n/.test(new TextDecoder('latin1').decode(text.subarray(0, 64)));
    }
    case 'zip':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    case 'text':
      return looksLikeText(bytes);
  }
}

/** Members and internal staff who see the unit may upload, except in closed or archived projects. */
export function canUploadFiles(context: Pick<UnitContext, 'role' | 'isInternal' | 'rootState'>): RuleResult {
  const open = whileProjectOpen(context.rootState, 'FILES.Rules.ProjectClosed');
  if (!open.allowed) return open;
  if (context.role || context.isInternal) return { allowed: true };
  return { allowed: false, reason: 'FILES.Rules.MembersOnly' };
}

/** The uploader or internal staff may delete a file, except in closed or archived projects. */
export function canDeleteFile(context: Pick<UnitContext, 'isInternal' | 'rootState'>, file: { uploadedByID: number | null }, userId: number): RuleResult {
  const open = whileProjectOpen(context.rootState, 'FILES.Rules.ProjectClosed');
  if (!open.allowed) return open;
  if (context.isInternal || (file.uploadedByID !== null && file.uploadedByID === userId)) return { allowed: true };
  return { allowed: false, reason: 'FILES.Rules.DeleteOwnOnly' };
}

/** Selected files of the whole project as a zip: the project feature DownloadSelectedFiles. */
export function canDownloadSelectedFiles(context: Pick<UnitContext, 'features'>): boolean {
  return context.features.includes('DownloadSelectedFiles');
}

/** The details page shows the files card except on AAC element and lintel units. */
export function showsProjectFiles(unit: { projectUnitTypeVariant: UnitVariant }): boolean {
  return unit.projectUnitTypeVariant !== 'aac_elements' && unit.projectUnitTypeVariant !== 'lintel';
}

const positiveId = z.number({ error: requiredOr(MESSAGE.invalidValue) }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue);

/** POST api/file/projectFiles/{root}: the selected files. */
export const downloadRequestSchema = z
  .array(
    z.strictObject({
      projectUnitID: positiveId,
      fileID: positiveId,
      fileName: z.string({ error: requiredOr() }).max(255, MESSAGE.tooLong),
    }),
    { error: MESSAGE.invalidType },
  )
  .min(1, 'FILES.Download.NothingSelected')
  .max(DOWNLOAD_SELECTION_MAX, 'FILES.Download.TooMany');

export { fileTreeUrl, projectFileContentUrl, projectFilesUrl, zipDownloadUrl } from './projectFileUrls';
