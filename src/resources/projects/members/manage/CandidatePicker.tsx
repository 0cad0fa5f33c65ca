import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { MemberCandidate } from '../../../../domain/memberManagement';
import { memberFullName } from '../../../../domain/members';
import type { PortalDataProvider } from '../../../../providers/dataProvider';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

const label = (candidate: MemberCandidate) => memberFullName(candidate);

/** Searches the active users of the project's tenant who are not members yet (name, login or e-mail). */
export function CandidatePicker({ rootId, value, onChange }: { rootId: number; value: MemberCandidate | null; onChange: (candidate: MemberCandidate | null) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [input, setInput] = useState('');
  const q = useDebounced(input);
  const { data = [], isFetching } = useQuery({
    queryKey: ['member-candidates', rootId, q],
    queryFn: () => dataProvider.getMemberCandidates(rootId, q),
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete
      options={data}
      value={value}
      loading={isFetching}
      onChange={(_event, candidate) => onChange(candidate)}
      onInputChange={(_event, text, reason) => reason !== 'reset' && setInput(text)}
      filterOptions={(options) => options}
      getOptionLabel={label}
      isOptionEqualToValue={(option, chosen) => option.userID === chosen.userID}
      noOptionsText={translate('MEMBERS.Manage.NoCandidates')}
      loadingText={translate('ra.page.loading')}
      renderOption={({ key, ...props }, candidate) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <Typography variant="body2">{label(candidate)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {[candidate.email || candidate.userLogin, translate(candidate.isInternal ? 'MEMBERS.Manage.Staff' : 'MEMBERS.Manage.Customer')].join(' · ')}
          </Typography>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} required label={translate('MEMBERS.Manage.User')} helperText={translate('MEMBERS.Manage.UserHint')} />}
      data-testid="member-candidate"
    />
  );
}
