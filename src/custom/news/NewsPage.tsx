import NewspaperOutlinedIcon from '@mui/icons-material/NewspaperOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../layout/EmptyState';

/** home/app/news: the spec loads no news data; the page says so and leads back to the dashboard. */
export default function NewsPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1, maxWidth: 1400 }}>
      <Title title="NEWS.Title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2, lineHeight: '40px' }}>
        {translate('NEWS.Title')}
      </Typography>
      <EmptyState
        testId="news-empty"
        icon={<NewspaperOutlinedIcon />}
        title={translate('NEWS.NoNewsTitle')}
        text={translate('NEWS.NoNews')}
        action={
          <Button component={RouterLink} to="/home/app/dash" variant="outlined" sx={{ mt: 1 }}>
            {translate('NEWS.BackToDashboard')}
          </Button>
        }
      />
    </Box>
  );
}
