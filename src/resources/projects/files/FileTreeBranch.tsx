import FolderOutlined from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import type { FileTreeNode } from '../../../domain/projectFiles';
import { formatFileSize } from '../../../domain/format';
import { checkState, toggleFile, toggleUnit } from './fileTree';

interface FileTreeBranchProps {
  node: FileTreeNode;
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  depth?: number;
}

/** One unit of the download tree with its files and, indented below, its child units. */
export function FileTreeBranch({ node, selected, onChange, depth = 0 }: FileTreeBranchProps) {
  const [locale = 'en'] = useLocaleState();
  const state = checkState(node, selected);
  return (
    <Box sx={{ pl: depth ? 3 : 0 }} role="group">
      <FormControlLabel
        label={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <FolderOutlined fontSize="small" color="action" />
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {node.title}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {node.projectUnitNo}
            </Typography>
          </Box>
        }
        control={
          <Checkbox
            checked={state === 'all'}
            indeterminate={state === 'some'}
            onChange={() => onChange(toggleUnit(node, selected))}
            slotProps={{ input: { 'data-testid': `tree-unit-${node.projectUnitID}` } as object }}
          />
        }
      />
      <Box sx={{ pl: 3 }}>
        {node.files.map((file) => (
          <Box key={file.projectFileID}>
            <FormControlLabel
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <InsertDriveFileOutlined fontSize="small" color="action" />
                  <span>{file.name}</span>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {formatFileSize(file.size, locale)}
                  </Typography>
                </Box>
              }
              control={
                <Checkbox
                  checked={selected.has(file.projectFileID)}
                  onChange={() => onChange(toggleFile(file.projectFileID, selected))}
                  slotProps={{ input: { 'data-testid': `tree-file-${file.projectFileID}` } as object }}
                />
              }
            />
          </Box>
        ))}
      </Box>
      {node.children.map((child) => (
        <FileTreeBranch key={child.projectUnitID} node={child} selected={selected} onChange={onChange} depth={depth + 1} />
      ))}
    </Box>
  );
}
