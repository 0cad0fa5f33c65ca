import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { OrderProposalAnswer } from '../../../../domain/orderProposal';
import { formatParams } from '../../../../forms/errorSchema';

/** The walls and openings that got no row, each with why (numbers in the user's language). */
export function UnmatchedList({ answer }: { answer: OrderProposalAnswer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!answer.unmatched.length) {
    return answer.rows.length ? (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="proposal-all-matched">
        {translate('ORDERS.Proposal.AllMatched')}
      </Typography>
    ) : null;
  }
  return (
    <Box sx={{ mt: 2 }} data-testid="proposal-unmatched">
      <Typography variant="subtitle2" component="h3">
        {translate('ORDERS.Proposal.Unmatched', { smart_count: answer.unmatched.length })}
      </Typography>
      <Alert severity="warning" icon={false} sx={{ mt: 1, py: 0, '& .MuiAlert-message': { width: '100%' } }}>
        <List dense disablePadding>
          {answer.unmatched.map((item, index) => (
            <ListItem key={index} disableGutters data-testid="proposal-unmatched-item">
              <ListItemText
                primary={[item.wall, item.storey, item.opening].filter(Boolean).join(' · ')}
                secondary={translate(item.reason, { _: item.text, ...formatParams(item.params, locale) })}
                slotProps={{ primary: { sx: { fontWeight: 500 } } }}
              />
            </ListItem>
          ))}
        </List>
      </Alert>
    </Box>
  );
}
