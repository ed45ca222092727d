import { useState } from 'react';
import type { ReactNode } from 'react';
import { demoOrganizationIds, organizationNames } from './storyService';

/** A labelled organization picker above whatever `children` renders for the chosen organization. */
export function OrganizationPicker({ children }: { children: (organizationId: string) => ReactNode }) {
  const [organizationId, setOrganizationId] = useState<string>(demoOrganizationIds.acme);
  return (
    <div className="pw-story-data">
      <label className="pw-story-picker">
        Organization{' '}
        <select value={organizationId} onChange={(e) => setOrganizationId(e.target.value)}>
          {Object.entries(organizationNames).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {children(organizationId)}
    </div>
  );
}
