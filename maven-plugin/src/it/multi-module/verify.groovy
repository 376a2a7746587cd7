// Checks the two builds of invoker.properties: weft:fuzz on a build of several modules.
def log = new File(basedir, 'build.log').text
def test = 'demo.app.CounterTest#twoThreadsCount'
// 1: the root and lib skipped it, app ran it and found nothing
assert log.contains('[weft] no test class demo.app.CounterTest in weft-it-parent: skipped')
assert log.contains('[weft] no test class demo.app.CounterTest in weft-it-lib: skipped')
assert new File(basedir, "app/target/weft/${test}/campaign.json").isFile()
assert !new File(basedir, 'lib/target/weft').exists()
assert log =~ /findings\s+0/
// 2: nothing ran, and the build says so instead of passing
assert log.contains('[weft] no test class demo.app.NoSuchTest in weft-it-app: skipped')
assert log.contains('no module of this build has test class demo.app.NoSuchTest')
return true
