import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { memo, type ReactNode } from 'react';
import { questionnaireContext } from './questionnaireFormContext';
import { SectionInfoButton } from './SectionInfoButton';

type Node = RJSFSchema & { 'x-note'?: string; 'x-popup'?: string; 'x-width'?: number; 'x-fullWidth'?: boolean; 'x-component'?: string };

/** A child section is an object without a custom component; it takes the whole row. */
const isSection = (node: Node | undefined) => node?.type === 'object' && !node['x-component'];

/** Columns on md+ (spec: width, fullWidth): `x-fullWidth` 12, else `x-width` 1..12, default 6; sections and components 12. */
function columns(node: Node | undefined): number {
  if (!node || isSection(node) || node['x-component'] || node['x-fullWidth']) return 12;
  const width = Number(node['x-width']);
  return Number.isInteger(width) && width >= 1 && width <= 12 ? width : 6;
}

function ControlsGrid({ properties, schema }: { properties: ObjectFieldTemplatePropertyType[]; schema: Node }) {
  const children = (schema.properties ?? {}) as Record<string, Node>;
  return (
    <Grid container columnSpacing={2} rowSpacing={1.5}>
      {properties.map((property) =>
        property.hidden ? (
          property.content
        ) : (
          <Grid key={property.name} size={{ xs: 12, md: columns(children[property.name]) }}>
            <ControlWithPopup node={children[property.name]}>{property.content}</ControlWithPopup>
          </Grid>
        ),
      )}
    </Grid>
  );
}

/** A control with an explanation (`x-popup`): its (i) button beside it. */
function ControlWithPopup({ node, children }: { node: Node | undefined; children: ReactNode }) {
  const popup = node && !isSection(node) ? node['x-popup'] : undefined;
  if (!popup) return children;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {/* Beside a checkbox's label; beside an input at its end. */}
      <Box sx={{ flex: node?.type === 'boolean' ? '0 1 auto' : 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ pt: node?.type === 'boolean' ? 0.5 : 0.75 }}>
        <SectionInfoButton title={node?.title ?? ''} text={popup} />
      </Box>
    </Stack>
  );
}

function SectionNote({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, color: 'text.secondary', alignItems: 'flex-start' }} data-testid="section-note">
      <StickyNote2OutlinedIcon fontSize="small" sx={{ mt: '2px' }} />
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {text}
      </Typography>
    </Stack>
  );
}

function SectionHeading({ title, popup, level }: { title: string; popup?: string; level: number }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minHeight: 34 }}>
      <Typography variant={level === 1 ? 'h6' : 'subtitle1'} component={level === 1 ? 'h2' : 'h3'} sx={{ fontWeight: 600, fontSize: level === 1 ? '1.1rem' : undefined }}>
        {title}
      </Typography>
      {popup && <SectionInfoButton title={title} text={popup} />}
    </Stack>
  );
}

/**
 * The questionnaire's object template: the sheet (root) stacks its sections; a section is a card with title, (i)
 * popup, description, its controls in a 12-column grid and its note below; child sections nest inside with a rule
 * above them. The material-choice section can be highlighted (formContext) after a refused save.
 */
function QuestionnaireSectionTemplate({ properties, schema, title, fieldPathId, registry }: ObjectFieldTemplateProps) {
  const node = schema as Node;
  const path = fieldPathId.path.map(String);
  if (path.length === 0) {
    return (
      <Stack spacing={2} data-testid="questionnaire-sheet">
        {properties.map((property) => (property.hidden ? property.content : <Box key={property.name}>{property.content}</Box>))}
      </Stack>
    );
  }
  const sectionPath = path.join('.');
  const highlighted = questionnaireContext(registry).highlightedSection === sectionPath;
  const heading = title || node.title || '';
  const body = (
    <>
      {heading && <SectionHeading title={heading} popup={node['x-popup']} level={path.length} />}
      {node.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {node.description}
        </Typography>
      )}
      <Box sx={{ mt: heading || node.description ? 1 : 0 }}>
        <ControlsGrid properties={properties} schema={node} />
      </Box>
      {node['x-note'] && <SectionNote text={node['x-note']} />}
    </>
  );
  if (path.length > 1) {
    return (
      <Box
        sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 0.5, ...(highlighted && { outline: 3, outlineColor: 'warning.light', outlineOffset: 4, borderRadius: 1 }) }}
        data-testid="questionnaire-subsection"
        data-section={sectionPath}
        data-highlighted={highlighted ? 'true' : undefined}
      >
        {body}
      </Box>
    );
  }
  return (
    <Card
      variant="outlined"
      data-testid="questionnaire-section"
      data-section={sectionPath}
      data-highlighted={highlighted ? 'true' : undefined}
      sx={{
        transition: 'box-shadow 300ms, border-color 300ms',
        ...(highlighted && { borderColor: 'warning.main', boxShadow: (theme) => `0 0 0 3px ${theme.palette.warning.light}` }),
      }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2.5 } }}>{body}</CardContent>
    </Card>
  );
}

export const QuestionnaireSection = memo(QuestionnaireSectionTemplate);
