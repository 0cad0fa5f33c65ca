import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { HttpError, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ProjectSubpageHeader } from '../projects/ProjectSubpageHeader';
import { canSeeJournal } from '../../domain/journal';
import { unitPageTitle } from '../../domain/projectUnits';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { detailsPath, useUnitContext } from '../projects/details/projectQueries';
import { UnitBreadcrumb } from '../projects/details/UnitBreadcrumb';
import { JournalList } from './JournalList';
import { JournalNotAvailable } from './JournalNotAvailable';
import { positiveId } from '../projects/RootPageState';

export const JOURNAL_ROUTE = '/project/details/:rootId/:unitId/journal';


/**
 * home/app/project/details/{root}/{unit}/journal: the history of the unit and everything below it, for
 * internal staff on projects with HasJournal; everyone else reads that it is not available.
 */
export default function JournalPage() {
  const translate = useTranslate();
  const params = useParams();
  const rootId = positiveId(params.rootId);
  const unitId = positiveId(params.unitId);
  const { data: context, error, isPending } = useUnitContext(unitId ?? 0);
  const title = translate('JOURNAL.Title');
  useDocumentTitle(context ? `${title} – ${unitPageTitle(context.unit)}` : title);

  const notFound = rootId === null || unitId === null || (error instanceof HttpError && error.status === 404) || (context && context.root.id !== rootId);
  let content;
  if (notFound) content = <JournalNotAvailable />;
  else if (error) content = <Alert severity="error">{translate('JOURNAL.LoadFailed')}</Alert>;
  else if (isPending || !context) content = <LinearProgress />;
  else if (!canSeeJournal(context)) content = <JournalNotAvailable />;
  else
    content = (
      // A grid track of minmax(0, 1fr) keeps a wide table from widening the page: the table scrolls instead.
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <JournalList rootId={context.root.id} unitId={context.unit.id} />
      </Box>
    );

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={context && !notFound ? `${title} – ${unitPageTitle(context.unit)}` : title} />
      <ProjectSubpageHeader
        back={context && !notFound ? { to: detailsPath(context.unit), label: translate('JOURNAL.BackToUnit'), testId: 'journal-back' } : null}
        icon={<HistoryIcon color="primary" />}
        title={title}
      />
      {context && !notFound && <UnitBreadcrumb path={context.path} />}
      {context && !notFound && canSeeJournal(context) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('JOURNAL.Subtitle')}
        </Typography>
      )}
      {content}
    </Box>
  );
}
