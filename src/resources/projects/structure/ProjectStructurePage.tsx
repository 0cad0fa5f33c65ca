import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ProjectSubpageHeader } from '../ProjectSubpageHeader';
import { positiveId, RootPageState } from '../RootPageState';
import { unitPageTitle } from '../../../domain/projectUnits';
import { StructureEditor } from './StructureEditor';
import { useStructure } from './structureQueries';


/**
 * home/app/project/structure/{rootId}: the structure a customer builds for a root project (subprojects, approval
 * lots, materials), kept as a draft in this browser and on the server until the workflow's finish button creates it.
 */
export default function ProjectStructurePage() {
  const translate = useTranslate();
  const rootId = positiveId(useParams().rootId);
  const { data, error, isPending, refetch, dataUpdatedAt } = useStructure(rootId ?? 0);
  const heading = translate('STRUCTURE.Title');
  const title = data ? `${heading} – ${unitPageTitle({ projectUnitNo: data.projectUnitNo, title: data.title })}` : heading;

  const state = <RootPageState rootId={rootId} error={error} loading={isPending || !data} loadFailedKey="STRUCTURE.LoadFailed" />;
  // A new load (after discarding) starts the editor afresh from the server's answer.
  const content = data && !error ? <StructureEditor key={dataUpdatedAt} data={data} onReload={() => refetch()} /> : state;

  return (
    <Box sx={{ mt: 1, maxWidth: 1200 }}>
      <Title title={title} />
      <ProjectSubpageHeader
        back={rootId !== null ? { to: `/home/app/project/details/${rootId}`, label: translate('STRUCTURE.BackToProject'), testId: 'structure-back' } : null}
        icon={<AccountTreeIcon color="primary" />}
        title={title}
        titleTestId="structure-title"
      />
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(data.secondLevelType === 'drawingjob' ? 'STRUCTURE.SubtitleDrawingJobs' : 'STRUCTURE.Subtitle')}
        </Typography>
      )}
      {content}
    </Box>
  );
}
