import type { Environment } from '../client/index';
import { deterministicUuid } from './deterministicUuid';

/** An environment as the mock serves it. */
export interface MockEnvironment extends Environment {
  /** Stable id derived from organization and position. */
  id: string;
  /** Environment name, unique within the organization, ending in its 1-based position. */
  name: string;
  /** Cloud region. */
  region: string;
  /** Lifecycle status. */
  status: 'active' | 'provisioning' | 'suspended';
  /** Creation time, ISO 8601. */
  createdAt: string;
}

const STAGES = ['production', 'staging', 'development', 'qa', 'sandbox'];
const REGIONS = ['eu-west-1', 'us-east-1', 'us-west-2', 'ap-southeast-2', 'eu-central-1'];
const EPOCH = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

/** The environment at zero-based `index` of an organization: the same inputs always give the same record. */
export function generateEnvironment(organizationId: string, slug: string, index: number): MockEnvironment {
  const stage = STAGES[index % STAGES.length] ?? 'environment';
  return {
    id: deterministicUuid(`${organizationId}/environments/${index}`),
    name: `${slug}-${stage}-${String(index + 1).padStart(4, '0')}`,
    region: REGIONS[(index * 3) % REGIONS.length] ?? 'eu-west-1',
    status: index % 11 === 5 ? 'suspended' : index % 7 === 3 ? 'provisioning' : 'active',
    createdAt: new Date(EPOCH + index * DAY).toISOString(),
  };
}
