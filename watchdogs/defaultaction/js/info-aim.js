function () {
  const info = (__INFO__).call(this);
  if (!info.connected || info.tag === 'select') return {info: info, aim: null};
  return {info: info, aim: (__AIM__).call(this)};
}
