import type { Share } from '../client/index';
import { deterministicNumber, deterministicUuid } from './deterministicUuid';

/** A share as the mock serves it. */
export interface MockShare extends Share {
  /** Stable id derived from organization and position. */
  id: string;
  /** Share name, unique within the organization, ending in its 1-based position. */
  name: string;
  /** Export path. */
  path: string;
  /** File protocol. */
  protocol: 'SMB' | 'NFS';
  /** Used capacity in bytes. */
  sizeBytes: number;
  /** Creation time, ISO 8601. */
  createdAt: string;
}

const TOPICS = ['finance', 'projects', 'design', 'backups', 'media', 'research', 'legal', 'builds', 'archive', 'home'];
const EPOCH = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;

/** The share at zero-based `index` of an organization: the same inputs always give the same record. */
export function generateShare(organizationId: string, slug: string, index: number): MockShare {
  const topic = TOPICS[index % TOPICS.length] ?? 'share';
  const name = `${slug}-${topic}-${String(index + 1).padStart(5, '0')}`;
  const key = `${organizationId}/shares/${index}`;
  return {
    id: deterministicUuid(key),
    name,
    path: `/exports/${slug}/${topic}/${String(index + 1).padStart(5, '0')}`,
    protocol: index % 3 === 2 ? 'NFS' : 'SMB',
    sizeBytes: (deterministicNumber(key) % 500_000) * 1_048_576,
    createdAt: new Date(EPOCH + index * 7 * HOUR).toISOString(),
  };
}
