import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { Box, Typography } from '@mui/material';
import { useRef } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useLastChange } from '../../../layout/live/useLastChange';
import { useParams } from 'react-router-dom';
import { ProjectSubpageHeader } from '../ProjectSubpageHeader';
import { positiveId, RootPageState } from '../RootPageState';
import { unitPageTitle } from '../../../domain/projectUnits';
import { useQuestionnaire } from './questionnaireQueries';
import { QuestionnaireEditor } from './QuestionnaireEditor';

/**
 * home/app/project/questionnaire/{rootId}: the project information sheet of a root project — one tab per active sheet,
 * saved on the server with its validity, the working copy kept in this browser until then.
 */
export default function QuestionnairePage() {
  const translate = useTranslate();
  const rootId = positiveId(useParams().rootId);
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuestionnaire(rootId ?? 0);
  const heading = translate('QUESTIONNAIRE.Page.Title');
  const title = data ? `${heading} – ${unitPageTitle({ projectUnitNo: data.projectUnitNo, title: data.title })}` : heading;
  const projectPath = `/home/app/project/details/${rootId}`;
  // Someone else saved the sheet while it is open: "Changed by … at …"; without unsaved answers here it is read again
  // (once per change), with them they stay and the save meets the server's version check.
  const lastChange = useLastChange(`resource/questionnaire/${rootId ?? 0}`);
  const reloadedFor = useRef<string | null>(null);
  const onOutsideChange = () => {
    if (!lastChange || reloadedFor.current === lastChange.at) return;
    reloadedFor.current = lastChange.at;
    void refetch();
  };

  const state = <RootPageState rootId={rootId} error={error} loading={isPending || !data} loadFailedKey="QUESTIONNAIRE.Page.LoadFailed" />;
  // A new load (after discarding or a conflict) starts the editor afresh from the server's answers.
  const content = data && !error ? <QuestionnaireEditor key={dataUpdatedAt} data={data} projectPath={projectPath} onReload={() => void refetch()} lastChange={lastChange} onOutsideChange={onOutsideChange} /> : state;

  return (
    <Box sx={{ mt: 1, maxWidth: 1200 }}>
      <Title title={title} />
      <ProjectSubpageHeader
        back={rootId !== null ? { to: projectPath, label: translate('QUESTIONNAIRE.Page.BackToProject'), testId: 'questionnaire-back-to-project' } : null}
        icon={<AssignmentOutlinedIcon color="primary" />}
        title={title}
        titleTestId="questionnaire-title"
      />
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(!data.canEdit ? 'QUESTIONNAIRE.Page.SubtitleReadOnly' : data.tenantType === 'ccl' ? 'QUESTIONNAIRE.Page.SubtitleCcl' : 'QUESTIONNAIRE.Page.Subtitle')}
        </Typography>
      )}
      {content}
    </Box>
  );
}
