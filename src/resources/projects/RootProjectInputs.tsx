import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { UNIT_TITLE_MAX } from '../../domain/projectUnits';
import type { RootProjectOptions } from '../../domain/rootProjects';

/** Tenant, sales organisation (of that tenant), country, brick assortment, title and notes of a new root project. */
export function RootProjectInputs({ options }: { options: RootProjectOptions }) {
  const { setValue, getValues } = useFormContext();
  const tenantID = useWatch({ name: 'tenantID' }) as number | undefined;
  const tenant = options.tenants.find((candidate) => candidate.id === tenantID);
  const salesOrgs = tenant?.salesOrgs ?? [];
  // Another tenant: its only sales organisation is chosen, and its default country.
  useEffect(() => {
    if (!tenant) return;
    const current = getValues('salesOrgID') as number | undefined;
    if (!salesOrgs.some((org) => org.id === current)) setValue('salesOrgID', salesOrgs.length === 1 ? salesOrgs[0].id : null, { shouldValidate: true });
    if (options.countries.includes(tenant.defaultCountry)) setValue('country', tenant.defaultCountry, { shouldValidate: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tenantID]);
  const width = { width: '100%', maxWidth: 520 };
  return (
    <>
      <SelectInput source="tenantID" isRequired choices={options.tenants} optionText="name" translateChoice={false} sx={width} />
      <SelectInput
        source="salesOrgID"
        isRequired
        choices={salesOrgs.map((org) => ({ id: org.id, name: `${org.key} – ${org.title}` }))}
        translateChoice={false}
        disabled={!tenant}
        helperText={tenant && !salesOrgs.length ? 'PROJECTS.Root.NoSalesOrg' : 'PROJECTS.Root.SalesOrgHint'}
        sx={width}
      />
      <SelectInput source="country" isRequired choices={options.countries.map((code) => ({ id: code, name: `COUNTRIES.${code}` }))} helperText="PROJECTS.Root.CountryHint" sx={width} />
      <BooleanInput source="brickAssortment" helperText="PROJECTS.Root.BrickAssortmentHint" />
      <TextInput source="title" isRequired sx={width} slotProps={{ htmlInput: { maxLength: UNIT_TITLE_MAX } }} />
      <TextInput source="notes" multiline minRows={3} sx={width} slotProps={{ htmlInput: { maxLength: 4000 } }} />
    </>
  );
}
