(function (boxes, id) {
  const colors = ['#e6194b','#3cb44b','#4363d8','#f58231','#911eb4','#008080','#9a6324','#800000'];
  const root = document.createElement('div');
  root.id = id;
  root.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;overflow:visible;z-index:2147483647;pointer-events:none;';
  boxes.forEach((b, i) => {
    const c = colors[i % colors.length];
    const f = document.createElement('div');
    f.style.cssText = 'position:absolute;box-sizing:border-box;border:2px solid ' + c + ';left:' + b.x + 'px;top:' + b.y + 'px;width:' + b.w + 'px;height:' + b.h + 'px;';
    const t = document.createElement('div');
    t.textContent = b.ref;
    t.style.cssText = 'position:absolute;left:-2px;top:-2px;transform:translateY(-100%);background:' + c + ';color:#fff;font:bold 11px/13px monospace;padding:0 3px;white-space:nowrap;';
    if (b.y < 14) t.style.transform = 'none';
    f.appendChild(t);
    root.appendChild(f);
  });
  document.documentElement.appendChild(root);
  return boxes.length;
})