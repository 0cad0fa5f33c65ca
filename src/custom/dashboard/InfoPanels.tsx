import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import NewspaperOutlinedIcon from '@mui/icons-material/NewspaperOutlined';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlined';
import { Avatar, Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { NEWS_PATH, PROJECT_LIST_PATHS, TASK_LIST_PATH, WORKFLOWS_PATH } from '../../domain/projectLists';
import { workflowAvailable } from '../../domain/tasks';
import { useDashboardCount, type DashboardCount } from './useDashboardCount';

const APP = '/home/app';

interface PanelProps {
  testId: string;
  to: string;
  icon: ReactNode;
  color: string;
  label: string;
  linkText: string;
  value: ReactNode;
}

/** A card with an icon, a big value and a label; the whole card is the link. */
function InfoPanel({ testId, to, icon, color, label, linkText, value }: PanelProps) {
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      {/* A column, so that the link lines of neighbouring panels stay level when a label wraps. */}
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexGrow: 1 }}>
          <Avatar sx={{ bgcolor: color, width: 56, height: 56 }} aria-hidden>
            {icon}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Box data-testid="panel-value" sx={{ minHeight: 48, display: 'flex', alignItems: 'center' }}>
              {value}
            </Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {label}
            </Typography>
          </Box>
        </CardContent>
        <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 0.5, color: 'primary.main' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {linkText}
          </Typography>
          <ArrowForwardIcon fontSize="small" />
        </Box>
      </CardActionArea>
    </Card>
  );
}

function Counter({ name, enabled = true }: { name: DashboardCount; enabled?: boolean }) {
  const translate = useTranslate();
  const { data, isPending, isError } = useDashboardCount(name, enabled);
  if (isError) {
    return (
      <Typography variant="body2" color="error">
        {translate('DASHBOARD.Panels.CountFailed')}
      </Typography>
    );
  }
  if (isPending) return <Skeleton variant="text" width={48} sx={{ fontSize: '2.5rem' }} />;
  return (
    <Typography variant="h4" component="span" data-testid="panel-count" sx={{ fontWeight: 700, lineHeight: 1 }}>
      {data}
    </Typography>
  );
}

/** Pending tasks, current projects, news and (for staff with workflows) workflow notifications. */
export function InfoPanels() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const withWorkflows = workflowAvailable(identity as { isInternal: boolean; isAdmin: boolean } | undefined);
  return (
    <Box component="section" aria-label={translate('DASHBOARD.Title')} sx={{ mt: 3, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(230px, 1fr))' }}>
      <InfoPanel
        testId="panel-tasks"
        to={`${APP}${TASK_LIST_PATH}`}
        icon={<AssignmentOutlinedIcon />}
        color="#ef6c00"
        label={translate('DASHBOARD.Panels.Tasks')}
        linkText={translate('DASHBOARD.Panels.TasksLink')}
        value={<Counter name="taskCount" />}
      />
      <InfoPanel
        testId="panel-projects"
        to={`${APP}${PROJECT_LIST_PATHS.current}`}
        icon={<WorkOutlineIcon />}
        color="#1f3a5f"
        label={translate('DASHBOARD.Panels.Projects')}
        linkText={translate('DASHBOARD.Panels.ProjectsLink')}
        value={<Counter name="projectCount" />}
      />
      <InfoPanel
        testId="panel-news"
        to={`${APP}${NEWS_PATH}`}
        icon={<NewspaperOutlinedIcon />}
        color="#2f6f5e"
        label={translate('DASHBOARD.Panels.News')}
        linkText={translate('DASHBOARD.Panels.NewsLink')}
        value={
          <Typography variant="h6" component="span" color="text.secondary">
            {translate('DASHBOARD.Panels.NoNews')}
          </Typography>
        }
      />
      {withWorkflows && (
        <InfoPanel
          testId="panel-workflows"
          to={`${APP}${WORKFLOWS_PATH}`}
          icon={<AccountTreeOutlinedIcon />}
          color="#6a1b9a"
          label={translate('DASHBOARD.Panels.Workflows')}
          linkText={translate('DASHBOARD.Panels.WorkflowsLink')}
          value={<Counter name="workflowCount" />}
        />
      )}
    </Box>
  );
}
