import { ApartmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Collapse, Empty, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { deptQueries } from '../../../api/depts';
import { useTranslation } from '../../../app/i18n';
import { useEn } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { type TreeNodeData, toTreeData } from '../../../utils/options';

function filterTree(nodes: TreeNodeData[], text: string): TreeNodeData[] {
  if (!text) return nodes;
  const out: TreeNodeData[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children, text);
    if (n.title.toLowerCase().includes(text.toLowerCase()) || children.length) out.push({ ...n, children });
  }
  return out;
}

const allKeys = (nodes: TreeNodeData[]): number[] => nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);

/** The department filter of the users page: a searchable tree; clicking the chosen one again clears it. */
export function DeptTree({ value, onChange }: { value?: number; onChange: (deptId: number | undefined) => void }) {
  const { t } = useTranslation();
  const en = useEn();
  const mobile = useMobile();
  const [text, setText] = useState('');
  const { data, isLoading } = useQuery(deptQueries.options());
  const tree = useMemo(() => filterTree(toTreeData(data ?? [], en), text.trim()), [data, en, text]);

  const body = (
    <>
      <Input.Search
        allowClear
        placeholder={t('system.user.deptSearch')}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={isLoading}>
        {tree.length ? (
          <Tree
            blockNode
            treeData={tree}
            expandedKeys={allKeys(tree)}
            selectedKeys={value ? [value] : []}
            onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : undefined)}
            data-testid="dept-tree"
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </>
  );

  if (mobile) {
    return (
      <Collapse
        size="small"
        items={[
          {
            key: 'dept',
            label: (
              <span>
                <ApartmentOutlined /> {t('system.user.dept')}
              </span>
            ),
            children: body,
          },
        ]}
        style={{ marginBottom: 12 }}
      />
    );
  }
  return (
    <Card
      variant="borderless"
      title={t('system.user.dept')}
      styles={{ body: { paddingTop: 12 } }}
      style={{ height: '100%' }}
    >
      {body}
    </Card>
  );
}
